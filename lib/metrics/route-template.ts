/**
 * The route a request matched, as its file names it (`/api/asset/[id]/export`), from its path and
 * the parameters Next.js extracted: metrics are labelled by it, never by ids. Parameters are
 * matched in path order, each after the one before.
 */
export function routeTemplate(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const segments = pathname.split("/");
  let from = 1;
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const parts = Array.isArray(value) ? value : [value];
    const at = findRun(segments, parts, from);
    if (at < 0) continue;
    const label = Array.isArray(value) ? `[...${name}]` : `[${name}]`;
    segments.splice(at, parts.length, label);
    from = at + 1;
  }
  return segments.join("/");
}

function findRun(segments: string[], parts: string[], from: number): number {
  if (parts.length === 0) return -1;
  for (let i = from; i + parts.length <= segments.length; i++) {
    if (parts.every((part, j) => segments[i + j] === part || safeDecode(segments[i + j]) === part)) return i;
  }
  return -1;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
