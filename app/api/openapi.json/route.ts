import { openCors, READ_ONLY_CORS_HEADERS, readOnlyPreflight } from "@/lib/api/cors";
import { methods } from "@/lib/api/methods";
import { withPublic } from "@/lib/app/with-user";
import { openApiDocument } from "@/lib/openapi/document";

/** The OpenAPI document, public and open to every origin, so client generators and viewers can read it. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: openCors(
    withPublic(async ({ origin }) => Response.json(openApiDocument(origin))),
    READ_ONLY_CORS_HEADERS,
  ),
  OPTIONS: readOnlyPreflight,
});
