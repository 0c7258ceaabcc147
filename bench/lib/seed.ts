/**
 * Fills a database with one account's assets and tasks by SQL (generate_series), for the scale
 * bench and the large-account end-to-end spec: a million rows in seconds, not a million requests.
 *
 * Names are three words of a small vocabulary and a number ("harbour sunset take 000123.mp4"), so
 * names tie often; every 50,000th asset also has the word RARE_WORD in the middle. Sizes tie in
 * pairs; a few assets share each creation millisecond. Statuses: 90% ready, 5% failed, 4% waiting
 * (no size yet), 1% processing. Tasks: uploads and exports of the account's assets, and webhook
 * deliveries (internal), all finished, recent.
 */
import { eq, sql } from "drizzle-orm";
import { ensureInitUser } from "@/lib/auth/ensure-user";
import type { Db } from "@/lib/db/client";
import { assets } from "@/lib/db/schema";
import { recountUsage } from "@/lib/db/usage";
import { findUserByEmail } from "@/lib/db/users";

/** In one asset name of 50,000: what a search for a rare word looks for. */
export const RARE_WORD = "quokka";
const RARE_EVERY = 50_000;

const FIRST = "harbour sunset holiday meeting garden concert lecture wedding drone kitchen launch".split(" ");
const SECOND = "morning amber review river studio city winter demo family forest summer night coast".split(" ");

export interface SeedAccount {
  email: string;
  password?: string;
  /** An API token registered for the account (INIT_API_TOKEN's rules: at least 32 characters). */
  token?: string;
  assets: number;
  /** Split evenly between uploads, exports and webhook deliveries. */
  tasks: number;
}

const words = (list: string[]) => sql.raw(`(array[${list.map((w) => `'${w}'`).join(",")}])`);

/** Adds the account (if new) and its assets and tasks; returns the user's id. A million rows outlast the service's statement timeout: open the database with `statementTimeoutMs: 0`. */
export async function seedAccount(db: Db, account: SeedAccount, now = Date.now()): Promise<string> {
  await ensureInitUser(db, { email: account.email, password: account.password, apiToken: account.token }, now);
  const user = await findUserByEmail(db, account.email);
  const userId = user!.id;
  const salt = `${now}${Math.random()}`;
  const n = account.assets;
  const perTaskKind = Math.floor(account.tasks / 3);
  const taskShare = n > 0 ? Math.min(1, perTaskKind / n) : 0;
  await db.transaction(async (tx) => {
    // Skips the outbox triggers and the foreign-key checks, two thirds of the time otherwise: the
    // account has no webhook, and every reference is made in this transaction.
    await tx.execute(sql`set local session_replication_role = replica`);
    const rebuildIndexes = await dropSecondaryIndexes(tx);
    await tx.execute(sql`
    with numbered as (
      select gen_random_uuid() as id, i, case
        when i % 100 < 90 then 'ready' when i % 100 < 95 then 'failed' when i % 100 < 99 then 'waiting' else 'processing'
      end as status
      from generate_series(1, ${n}::int) as i
    ),
    new_assets as (
      insert into assets (id, user_id, playback_id, name, status, error_message, storage_key, upload_expires_at, size, sha256, cidv1, car_size, video_spec, created_at, updated_at)
      select id, ${userId}::uuid, substr(md5(${salt}::text || i), 1, 16),
        ${words(FIRST)}[1 + i % ${FIRST.length}] || ' '
          || case when i % ${RARE_EVERY} = 7 then ${sql.raw(`'${RARE_WORD} '`)} else '' end
          || ${words(SECOND)}[1 + (i / 7) % ${SECOND.length}] || ' take ' || lpad(i::text, 6, '0') || '.mp4',
        status,
        case when status = 'failed' then 'unsupported video codec hevc (hvc1); only H.264 is accepted' end,
        'assets/' || id || '/source',
        ${now}::bigint - (${n}::int - i)::bigint * 250 + 3600000,
        case when status <> 'waiting' then 1000 + ((i / 2)::bigint * 7919) % ${Math.max(1, Math.ceil(n / 2))}::int * 1000 end,
        case when status = 'ready' then md5(id::text) || md5(i::text) end,
        -- Ready assets have their CID and CAR size, as the upload check records them: without, every
        -- start would set the CID backfill walking the whole account (it has no files to read).
        case when status = 'ready' then 'bafkrei' || translate(substr(md5(id::text) || md5(i::text), 1, 52), '0189', 'wxyz') end,
        case when status = 'ready' then 1000 + ((i / 2)::bigint * 7919) % ${Math.max(1, Math.ceil(n / 2))}::int * 1000 + 1200 end,
        case when status = 'ready' then '{"format":"mp4","duration":12.5,"bitrate":1200000,"tracks":[]}'::jsonb end,
        ${now}::bigint - ((${n}::int - i) / 3)::bigint * 750,
        ${now}::bigint - ((${n}::int - i) / 3)::bigint * 750
      from numbered
      returning id, status, created_at
    )
    insert into tasks (user_id, type, input_asset_id, params, phase, progress, status_updated_at, created_at, updated_at)
    select ${userId}::uuid, kind, id, '{}'::jsonb, 'completed', 1, created_at + 5000, created_at + 1000, created_at + 5000
    from new_assets, (values ('upload'), ('export')) as kinds(kind)
    where (kind = 'upload' or status = 'ready') and random() < ${taskShare}::float8
  `);
    await tx.execute(sql`
    insert into tasks (user_id, type, params, phase, progress, status_updated_at, created_at, updated_at)
    select ${userId}::uuid, 'webhook', '{"webhook":{"webhookId":"00000000-0000-4000-8000-000000000000","eventIds":[]}}'::jsonb,
      'completed', 1, ${now}::bigint - i::bigint * 1000, ${now}::bigint - i::bigint * 1000, ${now}::bigint - i::bigint * 1000
    from generate_series(1, ${perTaskKind}::int) as i
  `);
    await rebuildIndexes();
    // The triggers that keep the overview's totals (GET /api/usage) were off with the others.
    await recountUsage(tx, userId);
  });
  return userId;
}

/**
 * Drops the indexes of assets and tasks but their primary keys; returns what builds them again.
 * A million rows go in several times faster without them, and an index built in one pass is
 * faster to make (and tighter) than one grown row by row.
 */
async function dropSecondaryIndexes(db: Db): Promise<() => Promise<void>> {
  type Index = { name: string; definition: string };
  const result = await db.execute<Index>(sql`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename in ('assets', 'tasks') and indexname not like '%_pkey'
  `);
  // postgres.js answers the rows themselves, PGlite an object holding them.
  const indexes: Index[] = Array.isArray(result) ? result : (result as unknown as { rows: Index[] }).rows;
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  return async () => {
    // Sorting in memory rather than in temporary files: the GIN index above all.
    await db.execute(sql`set local maintenance_work_mem = '512MB'`);
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  };
}

/**
 * Fresh statistics and visibility maps, as autovacuum would leave them (index-only scans need the
 * latter). A million rows take longer than the service's statement timeout: open the database
 * with `statementTimeoutMs: 0`.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze assets, tasks, users`);
}

/** `count` of the user's assets, picked at random across the table. */
export async function sampleAssetIds(db: Db, userId: string, count: number): Promise<string[]> {
  const rows = await db.select({ id: assets.id }).from(assets).where(eq(assets.userId, userId)).orderBy(sql`random()`).limit(count);
  return rows.map((row) => row.id);
}
