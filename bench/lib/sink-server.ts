import http from "node:http";
import type { AddressInfo } from "node:net";
import { pinnedCid } from "./pinned-cid";

/**
 * A destination on loopback that reads and counts every byte: a custom URL for PUTs, and a
 * pinning service following the Pinata `pinFileToIPFS` response contract, with real CIDs.
 */
export async function startSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (request, response) => {
    if (request.url === "/pinning/pinFileToIPFS") {
      const { cid, bytes } = await pinnedCid(request);
      response.setHeader("content-type", "application/json");
      return response.end(JSON.stringify({ IpfsHash: cid, PinSize: bytes, Timestamp: new Date().toISOString() }));
    }
    for await (const chunk of request) void chunk;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
