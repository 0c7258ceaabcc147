/**
 * `Content-Disposition: attachment` naming the file (RFC 6266): `filename` in ASCII for old
 * clients, `filename*` in UTF-8 (RFC 8187) for every other, which prefer it.
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
