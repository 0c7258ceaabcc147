import { expect } from "vitest";

/** The response is `status` with exactly `{"errors": [strings]}`, matching `text` when given. */
export async function expectError(response: Response, status: number, text?: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const body = await response.json();
  expect(Object.keys(body)).toEqual(["errors"]);
  expect(body.errors.length).toBeGreaterThan(0);
  body.errors.forEach((message: unknown) => expect(typeof message).toBe("string"));
  if (text) expect(body.errors.join(" ")).toMatch(text);
}
