import { openCors, readOnlyPreflight, READ_ONLY_CORS_HEADERS } from "@/lib/api/cors";
import { methods } from "@/lib/api/methods";
import { servedWithContentLength } from "@/lib/api/node-adapter";
import { rangeResponse } from "@/lib/api/range-response";
import type { MediaBytes } from "@/lib/storage/types";
import { meteredBytes } from "@/lib/usage/metered-bytes";
import { withPublic, type PublicHandlerContext } from "./with-user";

/**
 * The one way media is answered (MP4, poster, download, HLS playlists and segments): GET, HEAD,
 * Range (206/416), `Content-Length`, open CORS for reading, `{errors}` on failure. `open` finds
 * the bytes and checks access; what a client reads of a video counts as delivered to its owner.
 * A Pages Router API route serves it (`handler`), since App Router route handlers lose
 * `Content-Length` on streamed bodies; `fetchHandlers` are for tests.
 */
export function mediaRoute(paramNames: string[], open: (ctx: PublicHandlerContext) => Promise<MediaBytes>) {
  const fetchHandlers = methods({
    GET: openCors(
      withPublic(async (ctx) => {
        const media = await open(ctx);
        const { delivery } = media;
        const { app } = ctx;
        const bytes =
          delivery && ctx.request.method === "GET"
            ? meteredBytes(media, (sent) => app.deliveries.record(delivery.userId, sent, sent * delivery.secondsPerByte, app.now()))
            : media;
        return rangeResponse(ctx.request, bytes, {
          "Content-Type": media.contentType,
          "Cache-Control": media.cacheControl,
          ...(media.contentDisposition && { "Content-Disposition": media.contentDisposition }),
        });
      }),
      READ_ONLY_CORS_HEADERS,
    ),
    OPTIONS: readOnlyPreflight,
  });
  return { fetchHandlers, handler: servedWithContentLength(fetchHandlers, paramNames) };
}
