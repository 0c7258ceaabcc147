/** Formats people upload by mistake, told by their first bytes. */
const SIGNATURES: Array<{ name: string; bytes: Array<number | string> }> = [
  { name: "a WebM/Matroska file", bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { name: "a RIFF file", bytes: ["RIFF"] },
  { name: "an Ogg file", bytes: ["OggS"] },
  { name: "an FLV file", bytes: ["FLV"] },
  { name: "an MPEG program stream", bytes: [0x00, 0x00, 0x01, 0xba] },
  { name: "an MP3 file", bytes: ["ID3"] },
  { name: "a PNG image", bytes: [0x89, "PNG"] },
  { name: "a JPEG image", bytes: [0xff, 0xd8, 0xff] },
  { name: "a GIF image", bytes: ["GIF8"] },
  { name: "a PDF document", bytes: ["%PDF"] },
  { name: "a ZIP archive", bytes: ["PK", 0x03, 0x04] },
];
const SHOWN_BYTES = 8;
const PRINTABLE = /^[\x20-\x7e]+$/;

/**
 * What a file that is not an MP4 looks like from its first bytes: a known format
 * (`found a PNG image`), else those bytes as text or hex (`starts with "hello wo"`).
 */
export function describeFileStart(head: Uint8Array): string {
  const known = SIGNATURES.find(({ bytes }) => matches(head, bytes));
  if (known) return `found ${riffKind(head) ?? known.name}`;
  const shown = head.subarray(0, SHOWN_BYTES);
  const text = String.fromCharCode(...shown);
  if (PRINTABLE.test(text)) return `starts with ${JSON.stringify(text)}`;
  return `starts with bytes ${[...shown].map((byte) => byte.toString(16).padStart(2, "0")).join(" ")}`;
}

function matches(head: Uint8Array, pattern: Array<number | string>): boolean {
  const expected = pattern.flatMap((part) => (typeof part === "number" ? [part] : [...part].map((c) => c.charCodeAt(0))));
  return expected.length <= head.length && expected.every((byte, i) => head[i] === byte);
}

/** RIFF holds AVI video and WAV sound alike; bytes 8..11 say which. */
function riffKind(head: Uint8Array): string | undefined {
  if (!matches(head, ["RIFF"])) return undefined;
  const form = String.fromCharCode(...head.subarray(8, 12));
  return form === "WAVE" ? "a WAV sound file" : form === "AVI " ? "an AVI file" : "a RIFF file";
}

const MPEG_TS_SYNC = 0x47;

/**
 * Whether the first bytes open a container other than MP4/QuickTime that holds video, as ffmpeg
 * reads them: Matroska/WebM, AVI, MPEG transport and program streams, FLV, ASF (WMV), Ogg. Ogg may
 * hold sound only, which only a full probe tells.
 */
export function isOtherVideoContainer(head: Uint8Array): boolean {
  return (
    matches(head, [0x1a, 0x45, 0xdf, 0xa3]) ||
    riffKind(head) === "an AVI file" ||
    isTransportStream(head) ||
    matches(head, [0x00, 0x00, 0x01, 0xba]) ||
    matches(head, [0x00, 0x00, 0x01, 0xb3]) ||
    matches(head, ["FLV", 0x01]) ||
    matches(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]) ||
    matches(head, ["OggS"])
  );
}

/** Three packets in a row, of 188 bytes (.ts) or 192 with a timecode before each (.m2ts, .mts). */
function isTransportStream(head: Uint8Array): boolean {
  const packetsAt = (first: number, size: number) => [0, 1, 2].every((n) => head[first + n * size] === MPEG_TS_SYNC);
  return packetsAt(0, 188) || packetsAt(4, 192);
}
