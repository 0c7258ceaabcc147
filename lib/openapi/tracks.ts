import type { ZodOpenApiPathsObject } from "zod-openapi";
import { createTrackSchema, trackListSchema, trackSchema } from "@/lib/captions/schemas";
import { idempotent } from "./idempotency";
import { AUTHENTICATED, BEARER, errorResponses, JSON_BODY, jsonResponse, noContent, uuidPath } from "./responses";

const tags = ["Assets"];
const assetId = uuidPath("id", "The asset's id.");

export const trackPaths: ZodOpenApiPathsObject = {
  "/api/asset/{id}/tracks": {
    post: idempotent({
      tags,
      operationId: "createTrack",
      summary: "Add a subtitle or caption track to an asset",
      description:
        "A WebVTT or SRT file, inline (`text`) or fetched from `url` (through the address guard), at most 2 MiB. It is checked, normalised to WebVTT and stored beside the asset's file; the asset's HLS playlist then lists it as a `SUBTITLES` rendition (DESIGN.md section 19). An asset holds at most 50 tracks.",
      security: BEARER,
      requestParams: { path: assetId },
      requestBody: {
        content: {
          "application/json": {
            schema: createTrackSchema,
            examples: {
              url: { value: { type: "text", textType: "subtitles", languageCode: "fr", url: "https://example.com/subtitles/fr.srt" } },
              inline: { value: { type: "text", textType: "captions", languageCode: "en", name: "English (CC)", text: "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n[door slams]\n" } },
            },
          },
        },
      },
      responses: {
        201: jsonResponse("The track, stored.", trackSchema),
        ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 404], {
          413: "The file is larger than 2 MiB, naming `text` or `url`.",
          422: "An invalid field; a file that is neither WebVTT nor SRT (`text: not WebVTT or SRT: line 7: …`, naming the line); a URL refused or that could not be fetched, naming `url`.",
        }),
      },
    }),
    get: {
      tags,
      operationId: "listTracks",
      summary: "List an asset's tracks",
      security: BEARER,
      requestParams: { path: assetId },
      responses: { 200: jsonResponse("Every track of the asset, oldest first (at most 50).", trackListSchema), ...errorResponses([...AUTHENTICATED, 404]) },
    },
  },
  "/api/asset/{id}/tracks/{trackId}": {
    delete: {
      tags,
      operationId: "deleteTrack",
      summary: "Remove a track and its file",
      description: "Its rendition leaves the asset's HLS playlist at once.",
      security: BEARER,
      requestParams: { path: assetId.extend(uuidPath("trackId", "The track's id.").shape) },
      responses: { 204: noContent("Deleted."), ...errorResponses([...AUTHENTICATED, 404]) },
    },
  },
};
