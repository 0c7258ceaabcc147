import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // The upload check runs in the browser too (lib/client/pre-upload-check.ts): what it imports stays free of Node's modules.
    files: ["lib/media/probe-mp4.ts", "lib/media/mp4-boxes.ts", "lib/media/file-start.ts", "lib/media/types.ts", "lib/media/windowed-range-reader.ts", "lib/client/pre-upload-check.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["node:*"], message: "the upload check also runs in the browser" }] }] },
  },
  globalIgnores([".next/**", "node_modules/**", "data/**", "drizzle/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "public/docs/**"]),
]);
