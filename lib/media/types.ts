/** Random access to the bytes of an upload without loading it whole. */
export interface RangeReader {
  /** Total size in bytes. */
  size: number;
  /** May return fewer than `length` bytes only at end of file. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/**
 * The upload is not acceptable; `message` is the user-facing reason. `detectedFormat` says what
 * the file is instead, when it is an MP4 whose tracks were read (for example its codecs).
 */
export class MediaRejectedError extends Error {
  constructor(
    message: string,
    readonly detectedFormat?: string,
  ) {
    super(message);
    this.name = "MediaRejectedError";
  }
}
