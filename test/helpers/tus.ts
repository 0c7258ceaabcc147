import * as tusRoute from "@/app/api/asset/upload/tus/[[...id]]/route";
import { checkContract } from "./contract";

const context = { params: Promise.resolve({}) };

/** A tus 1.0.0 request to the tus route, as a tus client sends it; the answer must keep the API's contract. */
export async function tusRequest(method: "POST" | "HEAD" | "PATCH" | "DELETE", url: string, options: { headers?: Record<string, string>; body?: Uint8Array } = {}) {
  const headers = new Headers({ "Tus-Resumable": "1.0.0", ...options.headers });
  if (options.body) headers.set("Content-Type", "application/offset+octet-stream");
  const response = await tusRoute[method](new Request(url, { method, headers, body: options.body, duplex: "half" } as RequestInit), context);
  await checkContract(method, url, response);
  return response;
}

export const createTusUpload = (endpoint: string, length: number) => tusRequest("POST", endpoint, { headers: { "Upload-Length": String(length) } });

export const patchTusUpload = (uploadUrl: string, offset: number, bytes: Uint8Array) =>
  tusRequest("PATCH", uploadUrl, { headers: { "Upload-Offset": String(offset) }, body: bytes });
