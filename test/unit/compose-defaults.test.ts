import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

interface Service {
  ports?: string[];
  environment?: Record<string, string>;
  entrypoint?: string[];
}

const compose = parse(fs.readFileSync("compose.yaml", "utf8")) as { services: Record<string, Service> };
const KNOWN_SECRETS = ["minioadmin", "change-me", "postgres:postgres@", "POSTGRES_PASSWORD: postgres"];

/** The production recipe: nothing in it may start with a secret everyone knows, nor open more than the app to the network. */
describe("compose.yaml", () => {
  it("holds no known secret: every password, key and token is the operator's (${VAR:?…}, or empty when optional)", () => {
    const text = fs.readFileSync("compose.yaml", "utf8");
    for (const secret of KNOWN_SECRETS) expect(text).not.toContain(secret);
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (/PASSWORD|SECRET|TOKEN|_KEY$/.test(key) && key !== "S3_ACCESS_KEY_ID") expect(String(value), `${name}.${key}`).toMatch(/^\$\{[A-Z_]+:(\?|-\}$)/);
      }
    }
  });

  it("publishes the app's port to the network, and MinIO's API (for browsers' uploads) on loopback only", () => {
    const published = Object.entries(compose.services).flatMap(([name, service]) => (service.ports ?? []).map((port) => `${name} ${port}`));
    expect(published).toEqual(["app 3000:3000", "minio 127.0.0.1:9000:9000"]);
  });
});
