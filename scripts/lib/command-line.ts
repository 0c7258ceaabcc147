import type { z } from "zod";
import { AdminCommandError } from "@/lib/admin/commands";
import { DataDirLockedError } from "@/lib/db/data-dir-lock";

export function reportInvalid(error: z.ZodError, usage: string): never {
  for (const issue of error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
  console.error(usage);
  process.exit(2);
}

export function describeThrough(through: "server" | "database"): string {
  return through === "server" ? "done by the running server" : "written to the database";
}

/** A refusal or a busy database is said in a sentence; anything else with its stack, to find it. */
export function exitWith(error: unknown): never {
  const expected = error instanceof AdminCommandError || error instanceof DataDirLockedError;
  console.error(expected || !(error instanceof Error) ? (error instanceof Error ? error.message : String(error)) : error.stack);
  process.exit(1);
}
