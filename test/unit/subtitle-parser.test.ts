import { describe, expect, it } from "vitest";
import { parseSubtitles, SubtitleSyntaxError, toWebVtt } from "@/lib/captions/parse-subtitles";
import { webVttSegment } from "@/lib/captions/webvtt-segment";

function failure(input: string): SubtitleSyntaxError {
  try {
    parseSubtitles(input);
  } catch (error) {
    if (error instanceof SubtitleSyntaxError) return error;
    throw error;
  }
  throw new Error("parsed without error");
}

describe("subtitle files: WebVTT and SRT to WebVTT", () => {
  it("reads WebVTT: header, identifiers, settings, NOTE and STYLE blocks left out, CRLF and a BOM", () => {
    const vtt = "\uFEFFWEBVTT - a title\r\nKind: captions\r\n\r\nNOTE made by hand\r\n\r\nSTYLE\r\n::cue { color: yellow }\r\n\r\nintro\r\n00:01.000 --> 00:02.500 line:0 align:start\r\n<i>Hello</i>\r\nthere\r\n\r\n01:00:00.000 --> 01:00:01.000\r\n[music]\r\n";
    const cues = parseSubtitles(vtt);
    expect(cues).toEqual([
      { id: "intro", start: 1000, end: 2500, settings: "line:0 align:start", text: "<i>Hello</i>\nthere" },
      { start: 3_600_000, end: 3_601_000, text: "[music]" },
    ]);
    expect(toWebVtt(cues)).toBe("WEBVTT\n\nintro\n00:00:01.000 --> 00:00:02.500 line:0 align:start\n<i>Hello</i>\nthere\n\n01:00:00.000 --> 01:00:01.000\n[music]\n\n");
  });

  it("reads SRT: numbers dropped, commas for decimals, WebVTT's tags kept and others dropped, & and < escaped", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,000\n<font color=\"red\">Fish & chips</font> {\\an8}<B>now</B>\n\n2\n00:00:03,5 --> 00:00:04,250\n1 < 2\n";
    expect(toWebVtt(parseSubtitles(srt))).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nFish &amp; chips <b>now</b>\n\n00:00:03.500 --> 00:00:04.250\n1 &lt; 2\n\n");
  });

  it("names the line a malformed file fails on", () => {
    // A mistyped arrow is named on its own line, not the next (where it read as a cue identifier's).
    expect(failure("WEBVTT\n\n00:01.000 --> 00:02.000\nfine\n\n00:03.000 -> 00:04.000\nbroken\n")).toMatchObject({
      line: 6,
      message: 'line 6: the arrow between a cue\'s times must be "-->" (00:00:01.000 --> 00:00:02.000)',
    });
    for (const arrow of ["->", "=>", "- ->", "—>", ""]) expect(failure(`WEBVTT\n\n00:00:03.000 ${arrow} 00:00:04.000 line:0\nbroken\n`).line, arrow).toBe(3);
    expect(failure("WEBVTT\n\n00:03.000->00:04.000\nbroken\n").line).toBe(3);
    // An identifier may look like times when the timing line follows it.
    expect(parseSubtitles("WEBVTT\n\n00:03.000 - 00:04.000\n00:00:03.000 --> 00:00:04.000\nfine\n")).toEqual([{ id: "00:03.000 - 00:04.000", start: 3000, end: 4000, text: "fine" }]);
    expect(failure("WEBVTT\n\n00:01.000 --> 00:02.000\nfine\n\n00:03.000 --> 00:61.000\nbad seconds\n")).toMatchObject({ line: 6, message: 'line 6: "00:61.000" is not a time (like 00:00:01.000)' });
    expect(failure("WEBVTT\n\n00:05.000 --> 00:04.000\nbackwards\n")).toMatchObject({ line: 3, message: "line 3: the cue ends before it starts" });
    // A missing blank line runs two cues together: the second timing line is where it shows.
    expect(failure("WEBVTT\n\n00:01.000 --> 00:02.000\none\n00:03.000 --> 00:04.000\ntwo\n").line).toBe(5);
    expect(failure("1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03.000 00:00:04.000\nno arrow\n").line).toBe(6);
    expect(failure("1\n00:00:01,000 --> 00:00:02,000\nok\n\n\n\nhello there\n").line).toBe(7);
    expect(failure("this is not a subtitle file\n")).toMatchObject({ line: 1 });
    expect(failure("WEBVTT\n\nNOTE only a note\n")).toMatchObject({ message: expect.stringContaining("no cues") });
    expect(failure("").line).toBe(1);
  });

  it("a segment holds the cues shown during its window, at the video's times, a cue across a boundary in both", () => {
    const cues = parseSubtitles("WEBVTT\n\n00:01.000 --> 00:02.000\nfirst\n\n00:05.000 --> 00:07.000\nacross\n\n00:09.000 --> 00:10.000\nlast\n");
    expect(webVttSegment(cues, { start: 0, end: 6 })).toBe(
      "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n00:00:01.000 --> 00:00:02.000\nfirst\n\n00:00:05.000 --> 00:00:07.000\nacross\n\n",
    );
    expect(webVttSegment(cues, { start: 6, end: 12 })).toBe(
      "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n00:00:05.000 --> 00:00:07.000\nacross\n\n00:00:09.000 --> 00:00:10.000\nlast\n\n",
    );
    expect(webVttSegment(cues, { start: 2, end: 5 })).toBe("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n");
  });
});
