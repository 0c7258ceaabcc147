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
    // Two files at a time, whatever the core count (vitest's default is cores − 1, one on CI's 2):
    // most of a file's time is spent waiting on servers, ffmpeg and timers, so the full run took
    // 1,319 s with two where it had taken 2,644 s with one.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // next-auth imports `next/server` without an extension, which Node's ESM loader cannot resolve; Vite can.
    server: { deps: { inline: ["next-auth"] } },
  },
});
