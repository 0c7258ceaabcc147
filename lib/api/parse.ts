import type { z } from "zod";
import { ApiError, badRequest } from "./errors";

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      const prefix = issue.path.length ? `${issue.path.join(".")}.` : "";
      return issue.keys.map((key) => `${prefix}${key}: unknown field`).join("; ");
    }
    const field = issue.path.length ? issue.path.join(".") : "body";
    return `${field}: ${issue.message}`;
  });
}

/** 400 for a body that is not JSON, 422 naming each invalid field. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw badRequest("request body is not valid JSON");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(422, describeIssues(result.error));
  return result.data;
}

/** 400 naming each invalid query parameter. */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const result = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!result.success) throw new ApiError(400, describeIssues(result.error));
  return result.data;
}

/** 422 naming each invalid field of a body that has already been read. */
export function validateBody<S extends z.ZodType>(body: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(422, describeIssues(result.error));
  return result.data;
}

/** For endpoints whose body is optional: no body reads as `{}`; 400 for a body that is not JSON. */
export async function readOptionalJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("request body is not valid JSON");
  }
}
