import type { VideoPacket } from "@/lib/media/probe-media";

/** One piece of a clip, on the source's timeline (seconds): encoded again, or whole GOPs copied. */
export type ClipPart =
  | { kind: "encode"; start: number; end: number; frames: number }
  | { kind: "copy"; start: number; end: number; frames: number };

/** The frame shown at `time` starts at or before it: its start on the frame grid. */
export function frameStartAt(time: number, fps: number): number {
  return Math.floor(time * fps + 1e-6) / fps;
}

/** Frames of a `fps` grid between two times, each counted by where it starts (as frameSpan counts a segment's). */
export function framesBetween(start: number, end: number, fps: number): number {
  return Math.round(end * fps - 0.25) - Math.round(start * fps - 0.25);
}

/**
 * How to cut [start, end) of the source (start on the frame grid): the whole GOPs inside it copied
 * as they are, only the partial GOPs at the edges encoded again. `packets` are the source's video
 * packets around the clip (videoPacketsBetween), empty when its video cannot be copied: then the
 * whole clip is encoded. A clip within one GOP is one encode too.
 */
export function planClip(packets: VideoPacket[], start: number, end: number, fps: number): ClipPart[] {
  const slack = 0.25 / fps;
  const keyframes = packets.filter((packet) => packet.key).map((packet) => packet.time);
  const first = keyframes.find((time) => time >= start - slack);
  const last = keyframes.findLast((time) => time <= end + slack);
  const encode = (from: number, to: number): ClipPart => ({ kind: "encode", start: from, end: to, frames: framesBetween(from, to, fps) });
  if (first === undefined || last === undefined || last - first < slack) return [encode(start, end)];
  const parts: ClipPart[] = [];
  if (framesBetween(start, first, fps) > 0) parts.push(encode(start, first));
  const copied = packets.filter((packet) => packet.time >= first - slack && packet.time < last - slack).length;
  parts.push({ kind: "copy", start: first, end: last, frames: copied });
  if (framesBetween(last, end, fps) > 0) parts.push(encode(last, end));
  return parts;
}
