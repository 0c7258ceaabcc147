/*
 * Reading ISO-BMFF boxes out of bytes already in memory (the moov). Helpers throw plain Errors
 * (DataView's RangeErrors included) on corrupt data; callers turn them into a user-facing reason.
 */

export interface Box {
  type: string;
  /** First byte after the header. */
  start: number;
  /** One past the last byte. */
  end: number;
}

export function* children(view: DataView, parent: Box): Generator<Box> {
  // Fewer than 8 trailing bytes are tolerated: some muxers pad containers with a zero terminator.
  for (let pos = parent.start; pos + 8 <= parent.end;) {
    let size = view.getUint32(pos);
    let headerSize = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(pos + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = parent.end - pos;
    }
    const type = fourcc(view, pos + 4);
    if (size < headerSize || pos + size > parent.end) throw new Error(`bad ${type} box size`);
    yield { type, start: pos + headerSize, end: pos + size };
    pos += size;
  }
}

export function child(view: DataView, parent: Box, type: string): Box {
  const found = optionalChild(view, parent, type);
  if (!found) throw new Error(`${parent.type} has no ${type}`);
  return found;
}

export function optionalChild(view: DataView, parent: Box, type: string): Box | undefined {
  for (const box of children(view, parent)) if (box.type === type) return box;
  return undefined;
}

export function fourcc(view: DataView, pos: number): string {
  return String.fromCharCode(view.getUint8(pos), view.getUint8(pos + 1), view.getUint8(pos + 2), view.getUint8(pos + 3));
}

/** Timescale and duration of an mvhd or mdhd box. */
export function timing(view: DataView, box: Box): { timescale: number; duration: number } {
  const v1 = view.getUint8(box.start) === 1;
  const timescale = view.getUint32(box.start + (v1 ? 20 : 12));
  if (timescale === 0) throw new Error(`${box.type} timescale is 0`);
  const duration = v1 ? Number(view.getBigUint64(box.start + 24)) : view.getUint32(box.start + 16);
  return { timescale, duration };
}

/** The handler of a trak (`vide`, `soun`, …). */
export function trackHandler(view: DataView, trak: Box): string {
  return fourcc(view, child(view, child(view, trak, "mdia"), "hdlr").start + 8);
}

/** The first sample entry of a trak's stsd (the codec's description). */
export function firstSampleEntry(view: DataView, stbl: Box): Box {
  const stsd = child(view, stbl, "stsd");
  const [entry] = children(view, { type: "stsd", start: stsd.start + 8, end: stsd.end });
  if (!entry) throw new Error("stsd has no sample entry");
  return entry;
}

export function sampleTableOf(view: DataView, trak: Box): Box {
  return child(view, child(view, child(view, trak, "mdia"), "minf"), "stbl");
}

/** What an audio sample entry (ISO, or QuickTime sound description v0 to v2) says, and where its esds is. */
export function readAudioSampleEntry(view: DataView, entry: Box): { sampleRate: number; channels: number; esds?: Box } {
  // QuickTime sound description versions 1 and 2 append 16 / 36 bytes; v2 moves rate and channels there.
  const version = view.getUint16(entry.start + 8);
  const v2 = version === 2;
  const inner: Box = { ...entry, start: entry.start + 28 + (version === 1 ? 16 : v2 ? 36 : 0) };
  const boxes = [...children(view, inner)];
  const wave = boxes.find((box) => box.type === "wave");
  const esds = boxes.find((box) => box.type === "esds") ?? (wave && [...children(view, wave)].find((box) => box.type === "esds"));
  return {
    sampleRate: v2 ? view.getFloat64(entry.start + 32) : view.getUint32(entry.start + 24) / 65536,
    channels: v2 ? view.getUint32(entry.start + 40) : view.getUint16(entry.start + 16),
    esds,
  };
}
