import { sql } from "drizzle-orm";
import type { AssetStorage } from "@/lib/assets/schemas";
import type { VideoSpec } from "@/lib/media/types";
import { bigint, index, integer, jsonb, pgTable, real, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const millis = (name: string) => bigint(name, { mode: "number" });

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull(),
  name: text("name"),
  passwordHash: text("password_hash"),
  createdAt: millis("created_at").notNull(),
}, (t) => [uniqueIndex("users_email_idx").on(sql`lower(${t.email})`)]);

export const apiTokens = pgTable("api_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  prefix: text("prefix").notNull(),
  tokenHash: text("token_hash").notNull(),
  createdAt: millis("created_at").notNull(),
  lastUsedAt: millis("last_used_at"),
  revokedAt: millis("revoked_at"),
}, (t) => [
  uniqueIndex("api_tokens_hash_idx").on(t.tokenHash),
  index("api_tokens_user_idx").on(t.userId, t.createdAt),
]);

export const ASSET_STATUSES = ["waiting", "processing", "ready", "failed"] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const assets = pgTable("assets", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  playbackId: text("playback_id").notNull(),
  name: text("name").notNull(),
  status: text("status").$type<AssetStatus>().notNull(),
  errorMessage: text("error_message"),
  storageKey: text("storage_key").notNull(),
  uploadExpiresAt: millis("upload_expires_at").notNull(),
  /** Set while an upload is being received, so a concurrent second PUT is refused. */
  uploadClaimedAt: millis("upload_claimed_at"),
  size: millis("size"),
  sha256: text("sha256"),
  videoSpec: jsonb("video_spec").$type<VideoSpec>(),
  storage: jsonb("storage").$type<AssetStorage>(),
  createdAt: millis("created_at").notNull(),
  updatedAt: millis("updated_at").notNull(),
}, (t) => [
  uniqueIndex("assets_playback_id_idx").on(t.playbackId),
  index("assets_user_created_idx").on(t.userId, t.createdAt, t.id),
]);

export const TASK_TYPES = ["upload", "export"] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_PHASES = ["pending", "waiting", "running", "completed", "failed", "cancelled"] as const;
export type TaskPhase = (typeof TASK_PHASES)[number];

export const tasks = pgTable("tasks", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  type: text("type").$type<TaskType>().notNull(),
  inputAssetId: uuid("input_asset_id").references(() => assets.id, { onDelete: "cascade" }),
  /** Public, redacted parameters. */
  params: jsonb("params").$type<Record<string, unknown>>().notNull(),
  /** Credentials needed while the task runs; cleared when it ends. */
  secrets: jsonb("secrets").$type<Record<string, unknown>>(),
  phase: text("phase").$type<TaskPhase>().notNull(),
  progress: real("progress").notNull().default(0),
  errorMessage: text("error_message"),
  retries: integer("retries").notNull().default(0),
  output: jsonb("output").$type<Record<string, unknown>>(),
  statusUpdatedAt: millis("status_updated_at").notNull(),
  createdAt: millis("created_at").notNull(),
  updatedAt: millis("updated_at").notNull(),
}, (t) => [
  index("tasks_user_created_idx").on(t.userId, t.createdAt, t.id),
  index("tasks_asset_idx").on(t.inputAssetId),
  index("tasks_phase_idx").on(t.phase),
]);

export type UserRow = typeof users.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type AssetRow = typeof assets.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
