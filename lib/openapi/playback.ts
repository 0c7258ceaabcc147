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

const bytes = (types: string | string[], description: string): ZodOpenApiResponseObject => ({
  description,
  content: Object.fromEntries([types].flat().map((type) => [type, { schema: { type: "string", contentMediaType: type } }])),
});

const notPlayable = { 404: "No ready asset has this playbackId." };
const refused = {
  401: "The asset's playback policy is `jwt` and no token was sent.",
  403: "A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's.",
};

/** Every media answer: the bytes (whole or a range) and the errors of playback. */
function mediaResponses(type: string | string[], what: string, notFound: string = notPlayable[404]): ZodOpenApiResponsesObject {
  return {
    200: bytes(type, `${what}.`),
    206: bytes(type, "The range asked for, with `Content-Range`."),
    416: noContent("The range is outside the file."),
    ...errorResponses([...ALWAYS, 401, 403, 404], { ...refused, 404: notFound }),
  };
}

const hlsFile = playbackId.extend({
  version: z.string().meta({
    description: "The packaging version the playlist names (`v1`), or a transcoded asset's rendition and ladder version (`t0-1`: a rung; `a-1`: the audio; `s-1`, `sa-1`: the source's own video and audio tracks).",
    example: "v1",
  }),
  file: z.string().meta({ description: "`init.mp4` (the fMP4 initialization segment), `{n}.m4s` (media segment n, from 0), or a rendition's `index.m3u8`.", example: "0.m4s" }),
});

const staticMp4File = playbackId.extend({
  file: z.string().meta({ description: "`{rendition}-{ladder}.mp4`, as playback info lists it.", example: "t0-1.mp4" }),
});

const thumbnailQuery = z.object({
  time: z.string().optional().meta({ description: "Seconds from the start, from 0 to the video's duration (default: the poster's time).", example: "12.5" }),
  width: z.string().optional().meta({ description: "Pixels, 16 to 1920; the height keeps the aspect. Default: the video's width; never larger than it.", example: "320" }),
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
  "/api/playback/{playbackId}/mp4/{file}": {
    get: {
      tags,
      operationId: "getPlaybackStaticMp4",
      summary: "A transcoded rung's static MP4 (`staticMp4`)",
      description: "Faststart MP4s of the rungs up to 720p, made once every segment is, for an asset created with `staticMp4: true`; playback info lists them. Immutable for a public asset.",
      security: PUBLIC,
      requestParams: { path: staticMp4File, query: viewerToken, header: viewerHeaders },
      responses: mediaResponses("video/mp4", "The MP4", "No ready asset has this playbackId, or it has no such MP4 (yet)."),
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
  "/api/playback/{playbackId}/thumbnail.jpg": {
    get: {
      tags,
      operationId: "getPlaybackThumbnail",
      summary: "The frame at a time (JPEG), Mux's image API shape",
      description:
        "Made with ffmpeg from the keyframe before `time` on the first request, then stored with the asset and served unchanged (immutable for a public asset).",
      security: PUBLIC,
      requestParams: { path: playbackId, query: viewerToken.extend(thumbnailQuery.shape), header: viewerHeaders },
      responses: {
        ...mediaResponses("image/jpeg", "The frame"),
        ...errorResponses([422, 503], {
          422: "`time` is not a number of seconds within the video, or `width` is not a whole number of pixels from 16 to 1920; the message names it.",
          503: "ffmpeg does not run on this server, or could not make the frame; the message says which.",
        }),
      },
    },
  },
  "/api/playback/{playbackId}/storyboard.vtt": {
    get: {
      tags,
      operationId: "getPlaybackStoryboard",
      summary: "The storyboard's WebVTT (Livepeer's `Thumbnails` source)",
      description:
        "Cues back to back from 0 to the video's duration, one every 5 s, each naming its tile of `storyboard.jpg` (relative to this file) as `storyboard.jpg#xywh=x,y,w,h`. Made with the sprite on the first request for either, then stored with the asset and served unchanged.",
      security: PUBLIC,
      requestParams: { path: playbackId, query: viewerToken, header: viewerHeaders },
      responses: { ...mediaResponses("text/vtt", "The WebVTT file"), ...errorResponses([503], { 503: "ffmpeg does not run on this server, or could not make the storyboard; the message says which." }) },
    },
  },
  "/api/playback/{playbackId}/storyboard.jpg": {
    get: {
      tags,
      operationId: "getPlaybackStoryboardSprite",
      summary: "The storyboard's sprite (JPEG): tiles 160 px wide, ten to a row",
      security: PUBLIC,
      requestParams: { path: playbackId, query: viewerToken, header: viewerHeaders },
      responses: { ...mediaResponses("image/jpeg", "The sprite"), ...errorResponses([503], { 503: "ffmpeg does not run on this server, or could not make the storyboard; the message says which." }) },
    },
  },
  "/api/hls/{playbackId}/index.m3u8": {
    get: {
      tags,
      operationId: "getHlsPlaylist",
      summary: "HLS playlist",
      description:
        "HLS version 7, VOD. A file played as uploaded: a media playlist of an fMP4 init segment (`EXT-X-MAP`) and CMAF media segments, cut from the stored MP4 at its keyframes on request (no second copy), about 6 s each (`targetSegmentSizeSecs`). A transcoded asset (DESIGN.md section 18): a multivariant playlist, one `EXT-X-STREAM-INF` per rung (lowest first, with `BANDWIDTH`, `AVERAGE-BANDWIDTH`, `RESOLUTION`, `FRAME-RATE`, `CODECS`) and the audio as one `AUDIO` group; a segment not made yet is made when asked. An asset with subtitle or caption tracks (`POST /api/asset/{id}/tracks`) always answers a multivariant playlist: one `EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\"` per track (`sub-{trackId}/index.m3u8`, WebVTT segments aligned with the video's, each with `X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000`: cue times are the video's), and every `EXT-X-STREAM-INF` names `SUBTITLES=\"subs\"`. For a `jwt` asset every URL carries a media `token`, so players need nothing of their own to play it.",
      security: PUBLIC,
      requestParams: { path: playbackId, query: viewerToken, header: viewerHeaders },
      responses: mediaResponses("application/vnd.apple.mpegurl", "The playlist"),
    },
  },
  "/api/hls/{playbackId}/{version}/{file}": {
    get: {
      tags,
      operationId: "getHlsSegment",
      summary: "HLS init or media segment, a subtitle segment (`sub-{trackId}/{n}.vtt`), or a rendition's playlist",
      description:
        "Segments are immutable for a public asset (cached for a year); never publicly cached for a `jwt` asset. A transcoded segment not made yet is made on request (once, however many ask); 503 with the reason when it cannot be.",
      security: PUBLIC,
      requestParams: { path: hlsFile, query: viewerToken, header: viewerHeaders },
      responses: mediaResponses(["video/mp4", "text/vtt", "application/vnd.apple.mpegurl"], "The segment (WebVTT for a subtitle rendition), or the rendition's media playlist", "No ready asset has this playbackId, or no such segment, rendition, track or packaging version."),
    },
  },
};
