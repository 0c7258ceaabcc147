import { describe, expect, it } from "vitest";
import { deepMerge } from "@/lib/export/deep-merge";

describe("deepMerge", () => {
  it("merges objects recursively", () => {
    expect(deepMerge({ a: { b: 1, c: { d: 2 } } }, { a: { c: { e: 3 } } })).toEqual({ a: { b: 1, c: { d: 2, e: 3 } } });
  });

  it("replaces arrays and scalars", () => {
    expect(deepMerge({ list: [1, 2, 3], n: 1, s: "x", o: { k: 1 } }, { list: [9], n: "one", s: { now: "object" }, o: 5 })).toEqual({
      list: [9],
      n: "one",
      s: { now: "object" },
      o: 5,
    });
  });

  it("deletes keys given as null, at any depth", () => {
    expect(deepMerge({ a: 1, b: { c: 2, d: 3 } }, { a: null, b: { c: null }, missing: null })).toEqual({ b: { d: 3 } });
  });

  it("changes neither input", () => {
    const base = { a: { b: 1 } };
    const patch = { a: { c: 2 } };
    deepMerge(base, patch);
    expect(base).toEqual({ a: { b: 1 } });
    expect(patch).toEqual({ a: { c: 2 } });
  });

  it("keeps a __proto__ key from JSON as a plain key", () => {
    const merged = deepMerge({}, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual(["__proto__"]);
  });
});
