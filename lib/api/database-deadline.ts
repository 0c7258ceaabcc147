import type { Db } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { pingDatabase } from "@/lib/db/ping";

/**
 * A request still running after this long checks the database. postgres.js (3.4.9) can leave a
 * query waiting on a connection it lost until another query uses that connection: with the
 * database cut, such a request waited for the node's next periodic query, 10 to 40 s. The check
 * is that other query, and when the database cannot be reached the request answers 503 now, as
 * DESIGN.md section 16 requires within 5 s, rather than when the driver next notices.
 */
const CHECK_AFTER_MS = 3_000;

/** `work`, or the database's unavailability should it be unreachable once `work` has run for CHECK_AFTER_MS. */
export async function withinDatabaseDeadline<T>(db: Db, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const unreachable = new Promise<never>((_, reject) => {
    timer = setTimeout(() => pingDatabase(db).catch((error: unknown) => isDatabaseUnavailable(error) && reject(error)), CHECK_AFTER_MS);
  });
  // Answered by the check, the work's own failure comes later and is already told.
  work.catch(() => {});
  try {
    return await Promise.race([work, unreachable]);
  } finally {
    clearTimeout(timer);
  }
}
