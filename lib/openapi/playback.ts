import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";
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

/** A `jwt` asset's media URLs take the viewer's token, or the media token a playlist put in its URLs. */
const viewerToken = z.object({
  jwt: z.string().optional().meta({ description: "A viewer token (JWT, ES256) signed with one of the owner's signing keys; only for assets whose `playbackPolicy` is `jwt`." }),
  token: z.string().optional().meta({ description: "A short-lived media token, as the HLS playlist of a `jwt` asset writes into its segment URLs." }),
});
const viewerHeaders = range.extend({
  "Livepeer-Jwt": z.string().optional().meta({ description: "The viewer token, as a header instead of the `jwt` parameter." }),
});

const bytes = (type: string, description: string): ZodOpenApiResponseObject => ({
  description,
  content: { [type]: { schema: { type: "string", contentMediaType: type } } },
});

const notPlayable = { 404: "No ready asset has this playbackId." };
const refused = {
  401: "The asset's playback policy is `jwt` and no token was sent.",
  403: "A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's.",
};

/** Every media answer: the bytes (whole or a range) and the errors of playback. */
function mediaResponses(type: string, what: string, notFound: string = notPlayable[404]): ZodOpenApiResponsesObject {
  return {
    200: bytes(type, `${what}.`),
    206: bytes(type, "The range asked for, with `Content-Range`."),
    416: noContent("The range is outside the file."),
    ...errorResponses([...ALWAYS, 401, 403, 404], { ...refused, 404: notFound }),
  };
}

const hlsFile = playbackId.extend({
  version: z.string().meta({ description: "The packaging version the playlist names (`v1`).", example: "v1" }),
  file: z.string().meta({ description: "`init.mp4` (the fMP4 initialization segment) or `{n}.m4s` (media segment n, from 0).", example: "0.m4s" }),
});

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
      requestParams: { path: playbackId, query: viewerToken, header: viewerHeaders },
      responses: mediaResponses("video/mp4", "The whole file"),
    },
  },
  "/api/playback/{playbackId}/poster.jpg": {
    get: {
      tags,
      operationId: "getPlaybackPoster",
      summary: "The asset's poster frame (JPEG)",
      security: PUBLIC,
      requestParams: { path: playbackId, query: viewerToken, header: viewerHeaders },
      responses: mediaResponses("image/jpeg", "The poster", "No ready asset has this playbackId, or no poster could be made for it."),
    },
  },
  "/api/hls/{playbackId}/index.m3u8": {
    get: {
      tags,
      operationId: "getHlsPlaylist",
      summary: "HLS media playlist",
      description:
        "HLS version 7, VOD: an fMP4 init segment (`EXT-X-MAP`) and CMAF media segments, cut from the stored MP4 at its keyframes on request (no transcoding, no second copy), about 6 s each (`targetSegmentSizeSecs`). For a `jwt` asset every segment URL carries a media `token`, so players need nothing of their own to play it.",
      security: PUBLIC,
      requestParams: { path: playbackId, query: viewerToken, header: viewerHeaders },
      responses: mediaResponses("application/vnd.apple.mpegurl", "The playlist"),
    },
  },
  "/api/hls/{playbackId}/{version}/{file}": {
    get: {
      tags,
      operationId: "getHlsSegment",
      summary: "HLS init or media segment",
      description: "Immutable for a public asset (cached for a year); never publicly cached for a `jwt` asset.",
      security: PUBLIC,
      requestParams: { path: hlsFile, query: viewerToken, header: viewerHeaders },
      responses: mediaResponses("video/mp4", "The segment", "No ready asset has this playbackId, or no such segment or packaging version."),
    },
  },
};
