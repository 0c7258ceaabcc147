import { describeFileStart, isOtherVideoContainer } from "@/lib/media/file-start";
import { probeMp4 } from "@/lib/media/probe-mp4";
import { MediaRejectedError } from "@/lib/media/types";
import { windowedRangeReader, type ByteWindow } from "@/lib/media/windowed-range-reader";

/** Read from each end of the file: a faststart MP4's moov, or the end one of a short file, lies within. */
export const CHECKED_BYTES_AT_EACH_END = 1024 * 1024;

/** What a transcoding service makes playable although today's check (probeMp4) refuses it. */
const TRANSCODABLE = /^(unsupported (video|audio) codec|fragmented MP4|moov box too large)/;

/**
 * Why the service would refuse this file, told before a byte of it is sent, from the file's first
 * and last megabytes. Undefined when the file passes, or when those bytes are not enough to judge
 * it (a large moov at the end, boxes in the middle): then the upload goes ahead and the service
 * decides.
 *
 * Without ffmpeg on the server (`serverTranscodes` false) this is the service's own check (probeMp4),
 * so the reason is the one the service would give. With it, the service takes any video ffmpeg
 * reads (DESIGN.md section 18): an MP4/QuickTime file is refused only when it has no video track or
 * is broken; another known video container passes; anything else (a text, an image, sound) is
 * refused by what it starts with.
 */
export async function refusalOf(file: Blob, serverTranscodes: boolean): Promise<string | undefined> {
  try {
    const ends = await endsOf(file);
    try {
      await probeMp4(windowedRangeReader(file.size, ends));
      return undefined;
    } catch (error) {
      if (!serverTranscodes || !(error instanceof MediaRejectedError)) throw error;
      return transcodingRefusal(error, ends[0].bytes);
    }
  } catch (error) {
    // Anything else (the bytes out of reach, a file the browser cannot read) is the service's to judge.
    return error instanceof MediaRejectedError ? error.message : undefined;
  }
}

function transcodingRefusal(mp4Refusal: MediaRejectedError, head: Uint8Array): string | undefined {
  if (TRANSCODABLE.test(mp4Refusal.message)) return undefined;
  if (mp4Refusal.message === "no video track") return "the file has no video track";
  if (!mp4Refusal.message.startsWith("not an MP4 file (")) return mp4Refusal.message;
  return isOtherVideoContainer(head) ? undefined : `not a video file (${describeFileStart(head)})`;
}

async function endsOf(file: Blob): Promise<ByteWindow[]> {
  const window = async (offset: number, end: number) => ({ offset, bytes: new Uint8Array(await file.slice(offset, end).arrayBuffer()) });
  if (file.size <= 2 * CHECKED_BYTES_AT_EACH_END) return [await window(0, file.size)];
  return Promise.all([window(0, CHECKED_BYTES_AT_EACH_END), window(file.size - CHECKED_BYTES_AT_EACH_END, file.size)]);
}
