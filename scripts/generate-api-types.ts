/** Writes lib/client/api-types.ts from the OpenAPI document: `npm run api:types`. */
import fs from "node:fs";
import { API_TYPES_PATH, apiTypesSource } from "./api-types";

fs.writeFileSync(API_TYPES_PATH, await apiTypesSource());
console.info(`wrote ${API_TYPES_PATH}`);
