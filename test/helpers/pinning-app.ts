import { startPinningDouble, type PinningDouble } from "./pinning-double";
import { startTestApp, type TestApp } from "./test-app";

export interface PinningApp {
  pinning: PinningDouble;
  t: TestApp;
  /** A user's API token. */
  token: string;
  close(): Promise<void>;
}

/** A service whose own pinning credentials (PINATA_JWT) point at a pinning double, and one user. */
export async function startPinningApp(kind: "pglite" | "postgres"): Promise<PinningApp> {
  const pinning = await startPinningDouble();
  const t = await startTestApp(kind, { PINNING_API_URL: pinning.url, PINATA_JWT: pinning.credentials.jwt });
  const { token } = await t.createUser();
  return {
    pinning,
    t,
    token,
    async close() {
      await t.close();
      await pinning.close();
    },
  };
}
