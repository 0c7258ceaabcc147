import { randomUUID } from "node:crypto";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A version 7 UUID: the time in milliseconds, then random bits (74 of them). Rows made one after
 * another get ids that sort together, so a new row's entries in the primary key (and in indexes
 * that end with the id) go to the right edge of the B-tree, not to a random page of a
 * million-row index that must then be read, dirtied and written whole to the WAL.
 */
export function uuidv7(now = Date.now()): string {
  const time = now.toString(16).padStart(12, "0");
  // A v4 UUID's random digits, from randomUUID's buffer; its variant bits are v7's too.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}
