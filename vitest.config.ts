import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/setup/build.ts"],
    setupFiles: ["test/setup/contract-fetch.ts"],
    environment: "node",
    // In-process apps log warnings and errors only; the servers the tests start log at info (test/helpers/server-process.ts).
    env: { LOG_LEVEL: "warn" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // next-auth imports `next/server` without an extension, which Node's ESM loader cannot resolve; Vite can.
    server: { deps: { inline: ["next-auth"] } },
  },
});
