import fs from "node:fs";
import path from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { implementedMethods } from "@/lib/api/methods";
import { openApiDocument } from "@/lib/openapi/document";

/** The JSON 404 for unknown paths: no endpoint. */
const NOT_AN_ENDPOINT = ["app/api/[...path]/route.ts"];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The URL paths a route file serves, parameters as `{}`: an optional catch-all serves its base path too. */
function servedPaths(file: string): string[] {
  const route = file
    .replace(/^app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/^pages/, "")
    .replace(/\.ts$/, "");
  const optional = /\/\[\[\.\.\.[^\]]+\]\]$/;
  const withParams = (p: string) => p.replace(/\[\[?(\.\.\.)?[^\]]+\]\]?/g, "{}");
  return optional.test(route) ? [withParams(route.replace(optional, "")), withParams(route)] : [withParams(route)];
}

const routeFiles = [...filesUnder("app/api").filter((f) => f.endsWith("/route.ts")), ...filesUnder("pages/api").filter((f) => f.endsWith(".ts"))]
  .filter((file) => !NOT_AN_ENDPOINT.includes(file))
  .sort();

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const document = openApiDocument("https://video.example.com");
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("documents every method of every API route file, app and pages", async () => {
    const document = openApiDocument();
    const documented = new Set(
      Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
        Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${template.replace(/\{[^}]+\}/g, "{}")}`),
      ),
    );
    expect(routeFiles.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const file of routeFiles) {
      const exported = (await import(path.resolve(file))) as Record<string, unknown>;
      const handlers = (exported.fetchHandlers as Record<string, unknown> | undefined) ?? exported;
      const paths = servedPaths(file);
      for (const method of implementedMethods(handlers)) {
        // A CORS preflight is not an operation of the API.
        if (method === "OPTIONS") continue;
        if (!paths.some((p) => documented.has(`${method} ${p}`))) missing.push(`${method} ${paths.join(" or ")} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("documents Idempotency-Key, its replay header, 409 and 422 on the POSTs that accept it", () => {
    const paths = openApiDocument().paths ?? {};
    for (const path of ["/api/asset/request-upload", "/api/asset/{id}/export", "/api/webhook", "/api/keys", "/api/access-control/signing-key"]) {
      const operation = paths[path]?.post;
      expect(operation?.parameters, path).toContainEqual(expect.objectContaining({ in: "header", name: "Idempotency-Key" }));
      const responses = operation?.responses ?? {};
      expect(Object.keys(responses), path).toEqual(expect.arrayContaining(["409", "422"]));
      const success = Object.entries(responses).find(([status]) => status.startsWith("2"))?.[1] as { headers?: Record<string, unknown> };
      expect(Object.keys(success.headers ?? {}), path).toContain("Idempotent-Replayed");
    }
  });

  it("describes the webhook events and the token", () => {
    const document = openApiDocument();
    expect(Object.keys(document.webhooks ?? {})).toEqual(expect.arrayContaining(["asset.ready", "task.completed", "webhook.test"]));
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });
});
