import fs from "node:fs";
import path from "node:path";
import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";

const nextConfig: NextConfig = {
  // What the production image runs (Dockerfile): server.js and only the files it needs.
  output: "standalone",
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "prom-client"],
  // The media routes (pages/api) otherwise import their packages from node_modules as ES modules at
  // their first request: drizzle-orm's 175 KB package.json, parsed again for each of its hundreds of
  // files, made 160 MB of garbage in the seconds a first video played (docs/footprint.md).
  bundlePagesRouterDependencies: true,
  // Migrations are read at start-up, not imported, so the standalone output's tracing cannot see them.
  outputFileTracingIncludes: { "/**": ["./drizzle/**/*"] },
  // sharp serves only next/image, which the app does not use: 19 MB less in the image.
  outputFileTracingExcludes: { "/**": ["node_modules/@img/**", "node_modules/sharp/**"] },
  poweredByHeader: false,
  // The tests' own build (test/setup/build.ts) sets this: `npm test` has run `tsc --noEmit` over the
  // same program already (`npm run checks`), and Next's second pass cost 17-20 s of every run.
  typescript: { ignoreBuildErrors: process.env.BUILD_WITHOUT_TYPECHECK === "1" },
  // Each route's bundle carries its own copy of the modules it shares with the others (lib/, the
  // SDKs): loading all of them at start held about 180 MiB more; a route now loads on first use.
  experimental: { preloadEntriesOnStart: false },
  async headers() {
    return [
      {
        // No other site may frame the dashboard (clickjacking); the player at /play/… exists to be framed.
        source: "/:path((?!play/).*)",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
        ],
      },
    ];
  },
};

/**
 * The API reference's renderer (Scalar, a development dependency of about 160 MB) is copied into
 * public/ when the app is built or developed: /docs serves that one file, and production installs
 * without the package.
 */
const SCALAR_BUNDLE = path.join("node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
const BUILT_SCALAR_BUNDLE = path.join("public", "docs", "scalar.js");

export default function config(phase: string): NextConfig {
  if (phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER) {
    fs.mkdirSync(path.dirname(BUILT_SCALAR_BUNDLE), { recursive: true });
    fs.copyFileSync(SCALAR_BUNDLE, BUILT_SCALAR_BUNDLE);
  }
  return nextConfig;
}
