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
    // A worker keeps the modules it imported for its next file instead of importing them all again
    // (the app, next-auth, drizzle, PGlite): vitest took 602 s where it took 816 (1,244 CPU-seconds
    // down to 822; "import" 178 s down to 11). The files share no module state: no test mocks a
    // module, each starts its own app and database, and the setup file wraps fetch only once.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // next-auth imports `next/server` without an extension, which Node's ESM loader cannot resolve; Vite can.
    server: { deps: { inline: ["next-auth"] } },
  },
});
