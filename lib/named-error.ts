/**
 * Next.js bundles each route with its own copy of `lib/`, while the process-wide app is built by
 * whichever bundle ran first; `instanceof` fails across those copies. Errors that cross that line
 * are recognised by name instead.
 */
export function isNamedError<T extends Error>(error: unknown, name: string): error is T {
  return error instanceof Error && error.name === name;
}
