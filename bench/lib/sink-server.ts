import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A destination on loopback that reads and counts every byte: a custom URL for PUTs, and a
 * pinning service following the Pinata `pinFileToIPFS` response contract.
 */
export async function startSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (request, response) => {
    let bytes = 0;
    for await (const chunk of request) bytes += (chunk as Buffer).length;
    if (request.url === "/pinning/pinFileToIPFS") {
      response.setHeader("content-type", "application/json");
      const pin = { IpfsHash: `bafybench${bytes}`, PinSize: bytes, Timestamp: new Date().toISOString() };
      return response.end(JSON.stringify(pin));
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
