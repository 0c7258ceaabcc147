/**
 * The viewer's country, as ISO 3166-1 alpha-2, from the header a trusted proxy in front sets
 * (VIEWER_COUNTRY_HEADER, for example Cloudflare's `CF-IPCountry`). Without that setting, or
 * without a code in the header (Cloudflare's "XX" and "T1" included), there is none: the service
 * has no address database of its own, and a header a client could set itself proves nothing.
 */
export function viewerCountry(headers: Headers, header: string | undefined): string {
  if (!header) return "";
  const value = headers.get(header)?.trim().toUpperCase() ?? "";
  return /^[A-Z]{2}$/.test(value) && value !== "XX" ? value : "";
}
