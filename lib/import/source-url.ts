/**
 * An import's URL may carry credentials (userinfo, a signed query string): they are secrets. What
 * is shown (the task's params, the asset's source) and logged is the URL without them.
 */
export function redactedSourceUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** Whether the URL holds anything redactedSourceUrl leaves out (which must then be kept sealed). */
export function hasHiddenParts(url: URL): boolean {
  return url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "";
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
