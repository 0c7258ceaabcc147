type JsonObject = { [key: string]: unknown };

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Merges `patch` into `base` without changing either: objects merge recursively, arrays and
 * scalars replace, and `null` deletes the key.
 */
export function deepMerge(base: JsonObject, patch: JsonObject): JsonObject {
  const result: JsonObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete result[key];
      continue;
    }
    const current = result[key];
    const merged = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
    // defineProperty, so a key named "__proto__" from JSON stays a plain key.
    Object.defineProperty(result, key, { value: merged, enumerable: true, writable: true, configurable: true });
  }
  return result;
}
