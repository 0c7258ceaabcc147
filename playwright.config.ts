import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3107);
/** e2e/support/serve.ts answers here about the export doubles it runs. */
export const E2E_CONTROL_URL = `http://127.0.0.1:${Number(process.env.E2E_CONTROL_PORT ?? port + 1)}`;
export const E2E_API_TOKEN = "vas_e2e-only-token-not-a-secret-0123456789abcdef";

/** Playwright's own Chromium when installed, else the system's (browser downloads are not possible on CI). */
function chromiumPath(): string | undefined {
  if (fs.existsSync(chromium.executablePath())) return undefined;
  return ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((candidate) => fs.existsSync(candidate));
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-e2e-"));

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // A test's own limit: most take seconds, but on a slow 2-core machine with two workers and
  // Chromium's software rendering some took over a minute without hanging.
  timeout: 120_000,
  // Two spec files at a time (a file's tests in order): the specs share one server but no state,
  // each signing up its own user and exporting to its own paths of the receiver double.
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: chromiumPath(),
          args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        },
      },
    },
  ],
  webServer: {
    // `next start` behind the export doubles; see e2e/support/serve.ts.
    command: "npx tsx e2e/support/serve.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      E2E_PORT: String(port),
      E2E_CONTROL_PORT: new URL(E2E_CONTROL_URL).port,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      INIT_USER_EMAIL: "e2e-api@example.com",
      INIT_API_TOKEN: E2E_API_TOKEN,
      // Every spec signs up from 127.0.0.1.
      SIGN_UP_MAX_PER_HOUR: "1000",
      // The specs sign up users of their own; e2e/invitations.spec.ts runs a server with SIGN_UP=invite.
      SIGN_UP: "open",
    },
  },
});
