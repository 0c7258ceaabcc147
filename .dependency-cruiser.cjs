/**
 * Imports point one way: down these layers, never up (README.md, "Layout"). A module may import
 * its own layer and those below it; no files may import each other in a loop. `npm run lint`
 * runs this check (`depcruise --config .dependency-cruiser.cjs`), as CI does.
 */
const LAYERS = [
  {
    name: "routes",
    comment: "Next.js pages and route handlers, start-up, and the command-line scripts: the entry points",
    paths: ["app/", "pages/", "instrumentation.ts", "scripts/"],
  },
  {
    name: "ui",
    comment: "the dashboard's components and their browser-side helpers",
    paths: ["components/", "lib/client/"],
  },
  {
    name: "app",
    comment:
      "the process-wide app and what is bound to it: each request's wrapper (withUser), Auth.js, the Inngest functions, " +
      "the task definitions, shutdown, the OpenAPI document",
    paths: ["lib/app/", "lib/admin/", "lib/lifecycle/", "inngest/", "lib/openapi/"],
  },
  {
    name: "domain",
    comment: "what the service does, each concern taking the dependencies it needs as parameters",
    paths: ["lib/assets/", "lib/export/", "lib/import/", "lib/webhooks/", "lib/playback/", "lib/access-control/", "lib/auth/", "lib/tus/", "lib/usage/", "lib/analytics/", "lib/transcode/", "lib/clips/", "lib/captions/"],
  },
  {
    name: "infrastructure",
    comment: "what the domains build on: the task runners, HTTP pieces, storage, media, outbound requests, limits, metrics",
    paths: [
      "lib/tasks/",
      "lib/api/",
      "lib/idempotency/",
      "lib/limits/",
      "lib/metrics/",
      "lib/telemetry/",
      "lib/storage/",
      "lib/outbound/",
      "lib/secrets/",
      "lib/config/",
      "lib/media/",
      "lib/hls/",
      "lib/ipfs/",
      "lib/mail/",
    ],
  },
  {
    name: "ground",
    comment: "the database (the only code that touches Drizzle) and the leaves everything may use",
    paths: ["lib/db/", "lib/log/", "lib/uuid.ts", "lib/named-error.ts"],
  },
];

const pattern = (paths) => `^(${paths.map((p) => p.replaceAll(".", "\\.") + (p.endsWith("/") ? "" : "$")).join("|")})`;
const EVERY_LAYER = pattern(LAYERS.flatMap((layer) => layer.paths));

const upwardImports = LAYERS.slice(1).map((layer, i) => ({
  name: `${layer.name}-imports-upward`,
  comment: `${layer.name} (${layer.comment}) may not import a layer above it: ${LAYERS.slice(0, i + 1).map((above) => above.name).join(", ")}`,
  severity: "error",
  from: { path: pattern(layer.paths) },
  to: { path: pattern(LAYERS.slice(0, i + 1).flatMap((above) => above.paths)) },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "files that import each other in a loop belong together, or one of them depends on the wrong thing",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...upwardImports,
    {
      name: "module-in-no-layer",
      comment: "every module under lib/ belongs to a layer: add a new one to LAYERS in .dependency-cruiser.cjs",
      severity: "error",
      from: {},
      to: { path: "^lib/", pathNot: EVERY_LAYER },
    },
    {
      name: "module-in-no-layer-imports",
      comment: "every module under lib/ belongs to a layer: add a new one to LAYERS in .dependency-cruiser.cjs",
      severity: "error",
      from: { path: "^lib/", pathNot: EVERY_LAYER },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a type belongs where the layers say, like the code.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
