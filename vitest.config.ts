import os from "node:os";
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
    // Files in parallel on every core (vitest's default leaves one idle: a single worker on CI's 2).
    // They share no port (each server, double and bucket takes a free one), directory (mkdtemp) or
    // database (PostgreSQL: a throwaway one each), and most of their time is spent waiting.
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // next-auth imports `next/server` without an extension, which Node's ESM loader cannot resolve; Vite can.
    server: { deps: { inline: ["next-auth"] } },
  },
});
