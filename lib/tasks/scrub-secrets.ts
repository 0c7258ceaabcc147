import { isTaskError, TaskError } from "./types";

const REDACTED = "(redacted)";
/** Shorter values would blank out ordinary words of a message. */
const MIN_SCRUBBED_LENGTH = 4;

/** The message with every credential value, as sent or as a destination might echo it, replaced. */
export function scrubSecrets(message: string, secrets: string[]): string {
  const forms = secrets
    .filter((secret) => secret.length >= MIN_SCRUBBED_LENGTH)
    .flatMap((secret) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])
    .sort((a, b) => b.length - a.length);
  return forms.reduce((text, form) => text.split(form).join(REDACTED), message);
}

/**
 * Runs a step that sends credentials; a failure's message (which may quote the destination's
 * answer) leaves it scrubbed of them, retriable or not as before.
 */
export async function withSecretsScrubbed<T>(secrets: string[], send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!isTaskError(error)) throw error;
    const scrubbed = scrubSecrets(error.message, secrets);
    throw scrubbed === error.message ? error : new TaskError(scrubbed, error.retriable);
  }
}
