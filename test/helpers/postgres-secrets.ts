import { randomBytes } from "node:crypto";

/**
 * The secrets a service on PostgreSQL must be given (it refuses to start without them): one pair
 * per test process, so every node a test starts on its database shares them.
 */
export const POSTGRES_SECRETS = {
  SECRETS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  AUTH_SECRET: randomBytes(32).toString("base64"),
};

/** `env` with the secrets added when it names a PostgreSQL database (and does not set them itself). */
export function withPostgresSecrets(env: Record<string, string>): Record<string, string> {
  return env.DATABASE_URL ? { ...POSTGRES_SECRETS, ...env } : env;
}
