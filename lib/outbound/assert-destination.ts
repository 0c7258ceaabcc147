import { unprocessable } from "@/lib/api/errors";
import { checkDestination, DestinationRefusedError } from "./ssrf-guard";

/**
 * Checks a destination the caller gives (an export's or a webhook's URL) when it is given: 422
 * naming `field` when the SSRF guard refuses it. Each request checks it again as it connects.
 */
export async function assertDestination(url: string, allowedHosts: string[], field: string): Promise<void> {
  try {
    await checkDestination(new URL(url), allowedHosts);
  } catch (error) {
    if (error instanceof DestinationRefusedError) throw unprocessable([`${field}: ${error.message}`]);
    throw error;
  }
}
