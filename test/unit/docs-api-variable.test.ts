import fs from "node:fs";
import { describe, expect, it } from "vitest";

// The README's walkthrough sets API=http://127.0.0.1:3000/api: every example builds on it.
const documents = ["README.md", ...fs.readdirSync("docs").map((name) => `docs/${name}`)].filter((path) =>
  path.endsWith(".md"),
);

describe("curl examples in the docs", () => {
  it.each(documents)("%s never repeats /api after $API", (path) => {
    expect(fs.readFileSync(path, "utf8")).not.toMatch(/\$\{?API\}?\/api\//);
  });

  it.each(documents)("%s uses no variable the README does not set for the service's address", (path) => {
    expect(fs.readFileSync(path, "utf8")).not.toMatch(/\$\{?SERVICE\}?\//);
  });
});
