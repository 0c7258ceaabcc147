import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ensureAppSecret } from "@/lib/db/app-secrets";
import type { Database } from "@/lib/db/client";
import { log } from "@/lib/log/log";
import type { Config } from "./config";

const FILE_NAME = "secrets.json";

type SecretName = "UPLOAD_SIGNING_SECRET" | "AUTH_SECRET" | "SECRETS_ENCRYPTION_KEY";

export interface Secrets {
  uploadSigningSecret: string;
  authSecret: string;
  secretsEncryptionKey: string;
}

/**
 * The service's secrets: from the environment, else generated once and kept, so a fresh clone
 * runs without configuration. On PostgreSQL they are kept in the database, so every node of a
 * deployment shares them; on the embedded database, in DATA_DIR/secrets.json (mode 0600).
 */
export async function resolveSecrets(config: Config, database: Database, now: number): Promise<Secrets> {
  const resolve = async (name: SecretName, fromEnv: string | undefined): Promise<string> => {
    if (fromEnv) return fromEnv;
    const generated = randomBytes(32).toString("base64url");
    if (database.kind === "postgres") {
      const { value, created } = await ensureAppSecret(database.db, name, generated, now);
      if (created) log.info("config", `${name} was not set: generated one into the database, shared by every node`);
      return value;
    }
    return fileSecret(config.dataDir, name, generated);
  };
  return {
    uploadSigningSecret: await resolve("UPLOAD_SIGNING_SECRET", config.uploadSigningSecret),
    authSecret: await resolve("AUTH_SECRET", config.authSecret),
    secretsEncryptionKey: await resolve("SECRETS_ENCRYPTION_KEY", config.secretsEncryptionKey),
  };
}

function fileSecret(dataDir: string, name: SecretName, generated: string): string {
  const file = path.join(dataDir, FILE_NAME);
  const stored = readSecrets(file);
  const existing = stored[name];
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...stored, [name]: generated }, null, 2), { mode: 0o600 });
  log.info("config", `${name} was not set: generated one into ${file}`);
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
