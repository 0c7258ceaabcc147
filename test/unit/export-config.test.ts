import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/lib/config/config";

describe("export and runner configuration", () => {
  it("defaults to Pinata, no default credentials, no exceptions, 100 active tasks, the inline runner", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      pinningApiUrl: "https://api.pinata.cloud",
      ipfsGatewayUrl: "https://gateway.pinata.cloud/ipfs",
      exportAllowedHosts: [],
      maxActiveTasksPerUser: 100,
    });
    expect(config.pinataJwt).toBeUndefined();
    expect(config.inngest).toBeUndefined();
  });

  it("reads the export settings", () => {
    const config = loadConfig({
      PINNING_API_URL: "http://pinning.internal:8080/",
      IPFS_GATEWAY_URL: "https://ipfs.example/ipfs/",
      PINATA_JWT: "jwt",
      EXPORT_ALLOWED_HOSTS: " MinIO:9000, [::1]:8080 ,",
      MAX_ACTIVE_TASKS_PER_USER: "5",
    });
    expect(config).toMatchObject({
      pinningApiUrl: "http://pinning.internal:8080",
      ipfsGatewayUrl: "https://ipfs.example/ipfs",
      pinataJwt: "jwt",
      exportAllowedHosts: ["minio:9000", "[::1]:8080"],
      maxActiveTasksPerUser: 5,
    });
  });

  it("selects Inngest with an event key and signing key, or with the dev server", () => {
    expect(loadConfig({ INNGEST_EVENT_KEY: "key", INNGEST_SIGNING_KEY: "signkey-prod-1" }).inngest).toEqual({
      eventKey: "key",
      signingKey: "signkey-prod-1",
      baseUrl: undefined,
      isDev: false,
    });
    expect(loadConfig({ INNGEST_DEV: "1", INNGEST_BASE_URL: "http://127.0.0.1:8288" }).inngest).toEqual({
      eventKey: undefined,
      baseUrl: "http://127.0.0.1:8288",
      isDev: true,
    });
  });

  it("refuses half an Inngest configuration with a clear message", () => {
    expect(() => loadConfig({ INNGEST_DEV: "1" })).toThrow(new ConfigError("Invalid configuration: INNGEST_DEV=1 needs INNGEST_BASE_URL (for example http://127.0.0.1:8288)"));
    expect(() => loadConfig({ INNGEST_EVENT_KEY: "key" })).toThrow(/INNGEST_EVENT_KEY needs INNGEST_SIGNING_KEY/);
  });
});
