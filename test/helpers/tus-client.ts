import { Upload } from "tus-js-client";

const CHUNK = 5 * 1024 * 1024;

/** Uploads with tus-js-client until `stopAt` bytes are acknowledged (then aborts), or to the end. */
export function tusUpload(file: Buffer, options: { endpoint?: string; uploadUrl?: string; stopAt?: number }) {
  return new Promise<{ url: string; acknowledged: number }>((resolve, reject) => {
    let acknowledged = 0;
    const upload: Upload = new Upload(file, {
      endpoint: options.endpoint,
      uploadUrl: options.uploadUrl,
      chunkSize: CHUNK,
      retryDelays: [0, 500, 1000],
      metadata: { filename: "big.mp4", filetype: "video/mp4" },
      onChunkComplete: (_size, accepted) => {
        acknowledged = accepted;
        if (options.stopAt !== undefined && accepted >= options.stopAt) {
          void upload.abort().then(() => resolve({ url: upload.url!, acknowledged }));
        }
      },
      onSuccess: () => resolve({ url: upload.url!, acknowledged: file.length }),
      onError: reject,
    });
    upload.start();
  });
}
