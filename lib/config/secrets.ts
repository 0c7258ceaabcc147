import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const FILE_NAME = "secrets.json";

type SecretName = "UPLOAD_SIGNING_SECRET" | "AUTH_SECRET";

/**
 * Returns the secret from the environment, or from DATA_DIR/secrets.json, generating it there
 * (mode 0600) on first use so a fresh clone runs without configuration.
 */
export function resolveSecret(dataDir: string, name: SecretName, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, FILE_NAME);
  const stored = readSecrets(file);
  const existing = stored[name];
  if (existing) return existing;
  const generated = randomBytes(32).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...stored, [name]: generated }, null, 2), { mode: 0o600 });
  console.info(`[config] ${name} was not set: generated one into ${file}`);
  return generated;
}

function readSecrets(file: string): Partial<Record<SecretName, string>> {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}
