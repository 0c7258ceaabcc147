import { ascii, box, fullBox, u16, u32, u8, zeros } from "./box-writer";
import type { IndexTrack } from "./index-format";

const UNITY_MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);
const MOVIE_TIMESCALE = 1000;
/** ISO 639-2 "und", packed as mdhd wants it. */
const UNDETERMINED_LANGUAGE = 0x55c4;

/**
 * The fMP4 initialization segment (`ftyp` + `moov` with `mvex`): each track's codec description
 * as the source file has it, no samples. Track ids are 1, 2, … in the index's order.
 */
export function initSegment(tracks: IndexTrack[]): Uint8Array {
  const ftyp = box("ftyp", ascii("iso6"), u32(0), ascii("iso6"), ascii("mp41"));
  const mvhd = fullBox(
    "mvhd", 0, 0,
    u32(0, 0, MOVIE_TIMESCALE, 0), // creation, modification, timescale, duration (fragmented: 0)
    u32(0x00010000), u16(0x0100), zeros(10), UNITY_MATRIX, zeros(24),
    u32(tracks.length + 1),
  );
  const mvex = box("mvex", ...tracks.map((_, i) => fullBox("trex", 0, 0, u32(i + 1, 1, 0, 0, 0))));
  const moov = box("moov", mvhd, ...tracks.map((track, i) => trak(track, i + 1)), mvex);
  return concat(ftyp, moov);
}

function trak(track: IndexTrack, id: number): Uint8Array {
  const video = track.kind === "video";
  const tkhd = fullBox(
    "tkhd", 0, 0x3, // enabled, in movie
    u32(0, 0, id, 0, 0), zeros(8),
    u16(0, 0, video ? 0 : 0x0100, 0), UNITY_MATRIX,
    u32(video ? track.width * 65536 : 0, video ? track.height * 65536 : 0),
  );
  const mdhd = fullBox("mdhd", 0, 0, u32(0, 0, track.timescale, 0), u16(UNDETERMINED_LANGUAGE, 0));
  const hdlr = fullBox("hdlr", 0, 0, u32(0), ascii(video ? "vide" : "soun"), zeros(12), ascii(video ? "VideoHandler" : "SoundHandler"), u8(0));
  const header = video ? fullBox("vmhd", 0, 1, zeros(8)) : fullBox("smhd", 0, 0, zeros(4));
  const dinf = box("dinf", fullBox("dref", 0, 0, u32(1), fullBox("url ", 0, 1)));
  const stbl = box(
    "stbl",
    fullBox("stsd", 0, 0, u32(1), track.sampleEntry),
    fullBox("stts", 0, 0, u32(0)),
    fullBox("stsc", 0, 0, u32(0)),
    fullBox("stsz", 0, 0, u32(0, 0)),
    fullBox("stco", 0, 0, u32(0)),
  );
  return box("trak", tkhd, box("mdia", mdhd, hdlr, box("minf", header, dinf, stbl)));
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
