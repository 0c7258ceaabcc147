/** Deeper JSON than this is refused before any recursive validation or merge walks it. */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = "must be well-formed Unicode (a \\u escape names half of a surrogate pair)";

/**
 * The first problem of a parsed JSON value that no field may have, with the path to it: nesting
 * deeper than MAX_JSON_DEPTH, a NUL character in a string or a key, or a lone UTF-16 surrogate,
 * which JSON may escape but no UTF-8 text holds (PostgreSQL stores none of them).
 * Walks iteratively, so the depth of the input cannot overflow the stack.
 */
export function findJsonProblem(value: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return `${fieldName(path)}: must not contain the NUL character (\\u0000)`;
      if (!current.isWellFormed()) return `${fieldName(path)}: ${LONE_SURROGATE}`;
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= MAX_JSON_DEPTH) return `${fieldName(path.slice(0, 3))}${path.length > 3 ? "…" : ""}: nested deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, child] of Object.entries(current)) {
      const childPath = [...path, key];
      if (key.includes("\u0000")) return `${fieldName(path)}: a key must not contain the NUL character (\\u0000)`;
      if (!key.isWellFormed()) return `${fieldName(path)}: a key ${LONE_SURROGATE}`;
      stack.push({ value: child, path: childPath });
    }
  }
  return undefined;
}

export function fieldName(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join(".") : "body";
}
