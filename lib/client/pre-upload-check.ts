import { probeMp4 } from "@/lib/media/probe-mp4";
import { MediaRejectedError } from "@/lib/media/types";
import { windowedRangeReader, type ByteWindow } from "@/lib/media/windowed-range-reader";

/** Read from each end of the file: a faststart MP4's moov, or the end one of a short file, lies within. */
export const CHECKED_BYTES_AT_EACH_END = 1024 * 1024;

/**
 * Why the service would refuse this file, told before a byte of it is sent: the service's own check
 * (probeMp4) run over the file's first and last megabytes, so the reason is the one the service
 * would give. Undefined when the file passes, or when those bytes are not enough to judge it (a
 * large moov at the end, boxes in the middle): then the upload goes ahead and the service decides.
 */
export async function refusalOf(file: Blob): Promise<string | undefined> {
  try {
    await probeMp4(windowedRangeReader(file.size, await endsOf(file)));
    return undefined;
  } catch (error) {
    // Anything else (the bytes out of reach, a file the browser cannot read) is the service's to judge.
    return error instanceof MediaRejectedError ? error.message : undefined;
  }
}

async function endsOf(file: Blob): Promise<ByteWindow[]> {
  const window = async (offset: number, end: number) => ({ offset, bytes: new Uint8Array(await file.slice(offset, end).arrayBuffer()) });
  if (file.size <= 2 * CHECKED_BYTES_AT_EACH_END) return [await window(0, file.size)];
  return Promise.all([window(0, CHECKED_BYTES_AT_EACH_END), window(file.size - CHECKED_BYTES_AT_EACH_END, file.size)]);
}
