import openapiTS, { astToString, UNKNOWN } from "openapi-typescript";
import { openApiDocument } from "@/lib/openapi/document";

export const API_TYPES_PATH = "lib/client/api-types.ts";

const HEADER = "// The API's types, generated from its OpenAPI document by `npm run api:types`: do not edit.\n\n";

/**
 * The TypeScript types of the OpenAPI document, as openapi-typescript writes them. A schema that
 * refers to itself (a JSON value, as zod describes one) is typed `unknown`: TypeScript refuses a
 * property whose type is indexed from itself.
 */
export async function apiTypesSource(): Promise<string> {
  const document = structuredClone(openApiDocument()) as unknown as Parameters<typeof openapiTS>[0];
  const nodes = await openapiTS(document, {
    transform: (schema, { path }) => (path && JSON.stringify(schema).includes(`"${path}"`) ? UNKNOWN : undefined),
  });
  return HEADER + astToString(nodes);
}
