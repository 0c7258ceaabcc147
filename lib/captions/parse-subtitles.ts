/** One cue, its times in milliseconds from the start of the video. */
export interface Cue {
  id?: string;
  start: number;
  end: number;
  /** WebVTT cue settings (`line:0 align:start`), kept as written. */
  settings?: string;
  text: string;
}

/** A file that is neither valid WebVTT nor valid SRT: `line` is where reading it failed (1-based). */
export class SubtitleSyntaxError extends Error {
  override readonly name = "SubtitleSyntaxError";

  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/;
/** Two times with something else than `-->` between (`->`, `=>`, `- ->`, none): a timing line whose arrow is mistyped. */
const MISTYPED_TIMING = /^[ \t]*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}[ \t]*[-=>~\u2013\u2014\u2192 \t]+[ \t]*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}(?:[ \t]|$)/;
const VTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const SRT_TIME = /^(\d{1,}):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/;

/**
 * The cues of a WebVTT or SRT file (told apart by WebVTT's `WEBVTT` first line). Blank-line
 * separated blocks; WebVTT's NOTE, STYLE and REGION blocks are left out. SRT's markup becomes
 * WebVTT's: `<i>`, `<b>`, `<u>` kept, other tags (`<font>`) and ASS overrides (`{\an8}`) dropped.
 */
export function parseSubtitles(input: string): Cue[] {
  const lines = input.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (/^WEBVTT(?:[ \t].*)?$/.test(lines[0])) return parseBlocks(lines, 1, "vtt");
  if (lines.every((line) => line.trim() === "")) throw new SubtitleSyntaxError(1, "the file is empty");
  return parseBlocks(lines, 0, "srt");
}

function parseBlocks(lines: string[], from: number, format: "vtt" | "srt"): Cue[] {
  const cues: Cue[] = [];
  let i = from;
  // WebVTT's header lines (after `WEBVTT`) run to the first blank line.
  if (format === "vtt") while (i < lines.length && lines[i].trim() !== "") i++;
  for (;;) {
    while (i < lines.length && lines[i].trim() === "") i++;
    if (i >= lines.length) break;
    const block: Array<{ text: string; line: number }> = [];
    while (i < lines.length && lines[i].trim() !== "") block.push({ text: lines[i], line: ++i });
    const cue = format === "vtt" ? vttCue(block) : srtCue(block);
    if (cue) cues.push(cue);
  }
  if (cues.length === 0) throw new SubtitleSyntaxError(Math.max(1, lines.length), "the file has no cues");
  return cues;
}

type Block = Array<{ text: string; line: number }>;

function vttCue(block: Block): Cue | undefined {
  const first = block[0].text;
  if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first) && !first.includes("-->")) return undefined;
  // Else it would read as the cue's identifier, and the error would name the line after it.
  if (!first.includes("-->") && MISTYPED_TIMING.test(first) && !block[1]?.text.includes("-->")) {
    throw new SubtitleSyntaxError(block[0].line, "the arrow between a cue's times must be \"-->\" (00:00:01.000 --> 00:00:02.000)");
  }
  const hasId = !first.includes("-->");
  const timing = block[hasId ? 1 : 0];
  if (!timing) throw new SubtitleSyntaxError(block[0].line, "a cue's timing line (00:00:01.000 --> 00:00:02.000) was expected");
  const { start, end, settings } = parseTiming(timing, VTT_TIME, "00:00:01.000 --> 00:00:02.000");
  const payload = block.slice(hasId ? 2 : 1);
  const arrow = payload.find((p) => p.text.includes("-->"));
  if (arrow) throw new SubtitleSyntaxError(arrow.line, "a cue's text cannot contain \"-->\" (is a blank line missing before this cue?)");
  return { ...(hasId && { id: first.trim() }), start, end, ...(settings && { settings }), text: payload.map((p) => p.text).join("\n") };
}

function srtCue(block: Block): Cue {
  const hasIndex = /^\d+$/.test(block[0].text.trim());
  const timing = block[hasIndex ? 1 : 0];
  if (!timing) throw new SubtitleSyntaxError(block[0].line, "a timing line (00:00:01,000 --> 00:00:02,000) was expected after the cue's number");
  if (!timing.text.includes("-->")) {
    throw new SubtitleSyntaxError(timing.line, hasIndex ? "a timing line (00:00:01,000 --> 00:00:02,000) was expected" : "a cue number or a timing line (00:00:01,000 --> 00:00:02,000) was expected");
  }
  const { start, end } = parseTiming(timing, SRT_TIME, "00:00:01,000 --> 00:00:02,000");
  const payload = block.slice(hasIndex ? 2 : 1);
  const arrow = payload.find((p) => p.text.includes("-->"));
  if (arrow) throw new SubtitleSyntaxError(arrow.line, "a cue's text cannot contain \"-->\" (is a blank line missing before this cue?)");
  return { start, end, text: payload.map((p) => srtMarkupToVtt(p.text)).join("\n") };
}

function parseTiming(timing: Block[number], pattern: RegExp, example: string) {
  const match = TIMING.exec(timing.text.trim());
  if (!match) throw new SubtitleSyntaxError(timing.line, `a timing line (${example}) was expected`);
  const start = milliseconds(match[1], pattern);
  const end = milliseconds(match[2], pattern);
  if (start === undefined) throw new SubtitleSyntaxError(timing.line, `"${match[1]}" is not a time (like ${example.split(" ")[0]})`);
  if (end === undefined) throw new SubtitleSyntaxError(timing.line, `"${match[2]}" is not a time (like ${example.split(" ")[0]})`);
  if (end < start) throw new SubtitleSyntaxError(timing.line, "the cue ends before it starts");
  return { start, end, settings: match[3]?.trim() };
}

function milliseconds(time: string, pattern: RegExp): number | undefined {
  const match = pattern.exec(time);
  if (!match) return undefined;
  const [, hours = "0", minutes, seconds, fraction] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(fraction.padEnd(3, "0"));
}

const KEPT_TAG = /^<\/?[ibu]>$/i;

/** SRT's text as WebVTT's: the tags WebVTT knows kept, the others dropped, `&` and `<` escaped. */
function srtMarkupToVtt(text: string): string {
  return text
    .replace(/\{\\[^}]*\}/g, "")
    .replace(/<[^>]*>|&(?![a-z]+;|#\d+;|#x[\da-f]+;)|</gi, (part) => {
      if (part === "&") return "&amp;";
      if (part === "<") return "&lt;";
      return KEPT_TAG.test(part) ? part.toLowerCase() : "";
    });
}

/** `hh:mm:ss.mmm`, WebVTT's timestamp. */
export function vttTimestamp(ms: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const hours = Math.floor(ms / 3_600_000);
  return `${pad(hours)}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** The cues as WebVTT cue blocks, each ending with its blank line. */
export function cueBlocks(cues: Cue[]): string {
  return cues
    .map((cue) => `${cue.id ? `${cue.id}\n` : ""}${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}${cue.settings ? ` ${cue.settings}` : ""}\n${cue.text}\n\n`)
    .join("");
}

/** A whole WebVTT file of the cues: what a track is stored as. */
export function toWebVtt(cues: Cue[]): string {
  return `WEBVTT\n\n${cueBlocks(cues)}`;
}
