/** A small seeded generator (mulberry32), so a failing fuzz run can be replayed from its seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

export type Random = ReturnType<typeof seededRandom>;

const ODD_TEXT = ["\u0000", "a\u0000b", "\u202e", "e\u0301", "💥", "𝕏", "\ud800", "\n\r\t", "'; drop table assets; --", "../../etc/passwd", "%00", "\\u0000", "ﬀ"];

export function randomText(r: Random): string {
  const kind = r.int(5);
  if (kind === 0) return r.pick(ODD_TEXT);
  if (kind === 1) return "x".repeat(r.int(5000));
  if (kind === 2) return Array.from({ length: r.int(20) }, () => String.fromCharCode(r.int(0x3000))).join("");
  if (kind === 3) return "";
  return `${r.pick(ODD_TEXT)}${r.int(1e9)}`;
}

/** A JSON value of random shape; strings often hold NUL, lone surrogates or bidi controls. */
export function randomJson(r: Random, depth = 0): unknown {
  const kind = depth > 4 ? r.int(4) : r.int(6);
  if (kind === 0) return randomText(r);
  if (kind === 1) return r.pick([0, -1, 1e308, -1e-308, 2 ** 53 + 1, 3.14]);
  if (kind === 2) return r.pick([true, false, null]);
  if (kind === 3) return r.pick(["", "ok", "🎞"]);
  if (kind === 4) return Array.from({ length: r.int(4) }, () => randomJson(r, depth + 1));
  return Object.fromEntries(Array.from({ length: 1 + r.int(4) }, () => [randomText(r), randomJson(r, depth + 1)]));
}

/** A request body that no endpoint accepts: not JSON, not UTF-8, too deep, too big, or of a wrong shape. */
export function malformedBody(r: Random, limit: number): { body: BodyInit; contentType?: string } {
  const depth = 100 + r.int(5000);
  const variants: Array<() => { body: BodyInit; contentType?: string }> = [
    () => ({ body: "{not json", contentType: "application/json" }),
    () => ({ body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), contentType: "application/json" }),
    () => ({ body: `${"[".repeat(depth)}${"]".repeat(depth)}`, contentType: "application/json" }),
    () => ({ body: `{"name":"${"x".repeat(limit)}"}`, contentType: "application/json" }),
    () => ({ body: JSON.stringify({ [`unknown${r.int(100)}`]: randomJson(r), name: randomJson(r) }), contentType: r.pick(["application/json", "text/plain", undefined]) }),
    () => ({ body: JSON.stringify(r.pick([[], 42, "text", null, [randomJson(r)]])), contentType: "application/json" }),
    () => ({ body: "name=a%00b", contentType: "application/x-www-form-urlencoded" }),
    () => ({ body: "--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n\u0000\r\n--x--", contentType: "multipart/form-data; boundary=x" }),
  ];
  return r.pick(variants)();
}

/** Text as a path segment (URLs cannot carry lone surrogates). */
export function encodePathText(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "?")) || "empty";
}

/** Path ids that name nothing: not UUIDs, unknown UUIDs, encodings of NUL and traversal. */
export function badId(r: Random): string {
  return r.pick([
    "nope",
    "00000000-0000-0000-0000-000000000000",
    crypto.randomUUID(),
    "%00",
    "..%2F..%2Fetc%2Fpasswd",
    "x".repeat(300),
    "%F0%9F%92%A5",
    "1;drop",
    encodePathText(randomText(r)),
  ]);
}

/** A query string with a value no list accepts, for a parameter every list has or one of `own`. */
export function malformedQuery(r: Random, own: Array<[string, string]> = []): string {
  const junkCursor = r.pick(["garbage", Buffer.from(`99999999999999999999:${crypto.randomUUID()}`).toString("base64url"), "%00", "=="]);
  const pairs: Array<Array<[string, string]>> = [
    [["limit", r.pick(["0", "-1", "101", "abc", "1e400", "%00", ""])]],
    [["cursor", junkCursor]],
    [["limit", "5"], ["cursor", junkCursor]],
    ...own.map((pair) => [pair]),
  ];
  return r.pick(pairs).map(([key, value]) => `${key}=${value}`).join("&");
}
