import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, loadConfig } from "@/lib/config/config";

const example = fs.readFileSync(".env.example", "utf8");
const listed = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

describe(".env.example", () => {
  it("lists every variable the service reads, and no other", () => {
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("holds values the service accepts", () => {
    const set = Object.fromEntries([...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1], match[2]]));
    expect(() => loadConfig(set)).not.toThrow();
  });
});
