import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import { playbackInfoSchema } from "@/lib/playback/schemas";
import { ALWAYS, errorResponses, jsonResponse, noContent, PUBLIC } from "./responses";

const tags = ["Playback"];

const playbackId = z.object({
  playbackId: z.string().meta({ description: "The asset's `playbackId`: whoever holds it may play the asset.", example: "k3j9x0a8b7c6d5e4" }),
});

const viewerTokenQuery = z.object({
  jwt: z.string().optional().meta({ description: "A viewer token, for an asset whose playback policy is `jwt`." }),
});

const viewerTokenHeader = z.object({
  "Livepeer-Jwt": z.string().optional().meta({ description: "A viewer token, as the `jwt` query parameter." }),
});

const range = z.object({ Range: z.string().optional().meta({ example: "bytes=0-1023" }) });

const bytes = (type: string, description: string): ZodOpenApiResponseObject => ({
  description,
  content: { [type]: { schema: { type: "string", contentMediaType: type } } },
});

const notPlayable = { 404: "No ready asset has this playbackId." };

export const playbackPaths: ZodOpenApiPathsObject = {
  "/api/playback/{playbackId}": {
    get: {
      tags,
      operationId: "getPlaybackInfo",
      summary: "Playback info (Livepeer's shape)",
      description:
        "A `public` asset needs no token: the playbackId is the capability. A `jwt` asset needs a viewer token (an ES256 JWT made with one of the owner's signing keys, e.g. by `signAccessJwt`) as the `jwt` query parameter or the `Livepeer-Jwt` header, or the owner's API token or dashboard session. Open to every origin (CORS).",
      security: PUBLIC,
      requestParams: { path: playbackId, query: viewerTokenQuery, header: viewerTokenHeader },
      responses: {
        200: jsonResponse("Where to play the asset from, and its playback policy.", playbackInfoSchema),
        ...errorResponses([...ALWAYS, 401, 403, 404], {
          401: "The asset's policy is `jwt` and no token was sent.",
          403: "A token was sent and refused: expired, for another playbackId, a bad signature, or a signing key that is unknown, disabled, deleted or another account's.",
          ...notPlayable,
        }),
      },
    },
  },
  "/api/playback/{playbackId}/video.mp4": {
    get: {
      tags,
      operationId: "getPlaybackVideo",
      summary: "The asset's MP4, seekable",
      security: PUBLIC,
      requestParams: { path: playbackId, header: range },
      responses: {
        200: bytes("video/mp4", "The whole file."),
        206: bytes("video/mp4", "The range asked for, with `Content-Range`."),
        416: noContent("The range is outside the file."),
        ...errorResponses([...ALWAYS, 404], notPlayable),
      },
    },
  },
  "/api/playback/{playbackId}/poster.jpg": {
    get: {
      tags,
      operationId: "getPlaybackPoster",
      summary: "The asset's poster frame (JPEG)",
      security: PUBLIC,
      requestParams: { path: playbackId, header: range },
      responses: {
        200: bytes("image/jpeg", "The poster."),
        206: bytes("image/jpeg", "The range asked for."),
        416: noContent("The range is outside the file."),
        ...errorResponses([...ALWAYS, 404], { 404: "No ready asset has this playbackId, or no poster could be made for it." }),
      },
    },
  },
};
