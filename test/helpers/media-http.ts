import http from "node:http";
import type { AddressInfo } from "node:net";
import hlsFile from "@/pages/api/hls/[playbackId]/[version]/[file]";
import hlsPlaylist from "@/pages/api/hls/[playbackId]/index.m3u8";
import playbackStaticMp4 from "@/pages/api/playback/[playbackId]/mp4/[file]";
import playbackVideo from "@/pages/api/playback/[playbackId]/video.mp4";

type PagesHandler = (req: http.IncomingMessage & { query: Record<string, string> }, res: http.ServerResponse) => Promise<void>;

const ROUTES: Array<[RegExp, string[], PagesHandler]> = [
  [/^\/api\/hls\/([^/]+)\/index\.m3u8$/, ["playbackId"], hlsPlaylist as PagesHandler],
  [/^\/api\/hls\/([^/]+)\/([^/]+)\/([^/]+)$/, ["playbackId", "version", "file"], hlsFile as PagesHandler],
  [/^\/api\/playback\/([^/]+)\/video\.mp4$/, ["playbackId"], playbackVideo as PagesHandler],
  [/^\/api\/playback\/([^/]+)\/mp4\/([^/]+)$/, ["playbackId", "file"], playbackStaticMp4 as PagesHandler],
];

/**
 * The media routes (the Pages Router files, through their Node adapter) on a loopback HTTP server
 * of the test's own process, so real players (ffmpeg) read the app the test set up.
 */
export async function startMediaServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    for (const [pattern, names, handler] of ROUTES) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      const query = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      return void handler(Object.assign(req, { query }), res);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
