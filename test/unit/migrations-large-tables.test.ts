import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * DESIGN.md section 15: a migration never rewrites a large table. A column added to `assets` or
 * `tasks` (a million rows per account) is nullable or has a constant default, which PostgreSQL
 * stores in the catalogue instead of writing into every row; a column's type is never changed
 * in place. Either would hold an exclusive lock on the table for as long as the rewrite takes.
 */
const LARGE_TABLES = ["assets", "tasks"];
const MIGRATIONS = path.join(process.cwd(), "drizzle");

/** A literal, possibly cast: `'public'`, `0`, `false`, `'{}'::jsonb`. No function call, so never volatile. */
const CONSTANT = new RegExp(String.raw`^(?:'(?:[^']|'')*'|-?\d+(?:\.\d+)?|true|false|null)(?:::[\w ]+(?:\[\])?)?$`, "i");

/** Why `statement` would rewrite a large table, or undefined when it would not. */
function rewritesLargeTable(statement: string): string | undefined {
  const sql = statement.replace(/\s+/g, " ").trim();
  const table = sql.match(/^ALTER TABLE "(\w+)"/i)?.[1];
  if (!table || !LARGE_TABLES.includes(table)) return undefined;
  if (/\bALTER COLUMN "\w+" (SET DATA )?TYPE\b/i.test(sql)) return `changes a column's type of ${table}`;
  const added = sql.match(/\bADD COLUMN "(\w+)" (.*)$/i);
  if (!added) return undefined;
  const [, column, definition] = added;
  const defaultValue = definition.match(/\bDEFAULT (.+?)(?= NOT NULL| NULL|$)/i)?.[1];
  if (defaultValue !== undefined && !CONSTANT.test(defaultValue)) {
    return `adds ${table}.${column} with a default that is not a constant (${defaultValue})`;
  }
  if (/\bNOT NULL\b/i.test(definition) && defaultValue === undefined) {
    return `adds ${table}.${column} NOT NULL without a default`;
  }
  return undefined;
}

function statementsOf(file: string): string[] {
  return fs
    .readFileSync(path.join(MIGRATIONS, file), "utf8")
    .split("--> statement-breakpoint")
    .flatMap((part) => part.split(/;\s*$/m))
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe("migrations of the large tables", () => {
  it("tells a rewrite from a change PostgreSQL makes in its catalogue", () => {
    expect(rewritesLargeTable(`ALTER TABLE "assets" ADD COLUMN "poster_key" text`)).toBeUndefined();
    expect(rewritesLargeTable(`ALTER TABLE "assets" ADD COLUMN "playback_policy" text DEFAULT 'public' NOT NULL`)).toBeUndefined();
    expect(rewritesLargeTable(`ALTER TABLE "tasks" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL`)).toBeUndefined();
    expect(rewritesLargeTable(`ALTER TABLE "users" ADD COLUMN "plan" text NOT NULL`)).toBeUndefined();
    expect(rewritesLargeTable(`ALTER TABLE "assets" ADD COLUMN "plan" text NOT NULL`)).toMatch(/NOT NULL without a default/);
    expect(rewritesLargeTable(`ALTER TABLE "tasks" ADD COLUMN "key" uuid DEFAULT gen_random_uuid() NOT NULL`)).toMatch(/not a constant/);
    expect(rewritesLargeTable(`ALTER TABLE "assets" ALTER COLUMN "size" SET DATA TYPE numeric`)).toMatch(/type/);
    expect(rewritesLargeTable(`ALTER TABLE "tasks" ALTER COLUMN "phase" TYPE varchar(20)`)).toMatch(/type/);
  });

  it("never rewrite assets or tasks", () => {
    const files = fs.readdirSync(MIGRATIONS).filter((file) => file.endsWith(".sql"));
    expect(files.length).toBeGreaterThan(0);
    const rewrites = files.flatMap((file) =>
      statementsOf(file).flatMap((statement) => {
        const why = rewritesLargeTable(statement);
        return why ? [`${file}: ${why}`] : [];
      }),
    );
    expect(rewrites).toEqual([]);
  });
});
