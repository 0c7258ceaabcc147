import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import type { Position } from "@/lib/db/pagination";
import { isUuid } from "@/lib/uuid";
import { badRequest } from "./errors";

const MAC_BYTES = 16;

/**
 * The `cursor` of a list's next page: opaque to clients, who follow `Link`. It carries the last
 * row's sort key and id, and a MAC (HMAC-SHA256 under a key of the server's, cut to 128 bits) over
 * them and over the scope it was made for: the list, the caller, the order and the filters. The
 * scope itself is not in the cursor; the request restates it. So a cursor that was forged or
 * changed, made for another user, or made for another order or filter answers 400, and the
 * database only ever sees a position it gave out for that very query.
 */
export class ListCursors {
  /** A KeyObject: Node checks a Buffer key on every HMAC, at several times the cost of the HMAC itself. */
  private readonly key: KeyObject;

  /** `secret`: a server secret shared by every node; the cursors' key is derived from it. */
  constructor(secret: string) {
    this.key = createSecretKey(createHmac("sha256", secret).update("list cursors").digest());
  }

  /** The cursors of one list, for one caller, order and filters (`scope`, compared as JSON). */
  scope(scope: unknown[]) {
    const scoped = JSON.stringify(scope);
    const mac = (payload: string) => createHmac("sha256", this.key).update(`${scoped}\n${payload}`).digest().subarray(0, MAC_BYTES);
    return {
      seal(position: Position | undefined): string | undefined {
        if (!position) return undefined;
        const payload = Buffer.from(JSON.stringify([position.key, position.id])).toString("base64url");
        return `${payload}.${mac(payload).toString("base64url")}`;
      },
      /** The position `cursor` stands for; 400 naming the parameter unless it is one of this scope's. */
      open(cursor: string | undefined): Position | undefined {
        if (cursor === undefined) return undefined;
        const [payload, tag, ...rest] = cursor.split(".");
        const given = Buffer.from(tag ?? "", "base64url");
        const expected = mac(payload);
        if (rest.length > 0 || given.length !== MAC_BYTES || !timingSafeEqual(given, expected)) throw invalidCursor();
        return readPosition(payload);
      },
    };
  }
}

function invalidCursor() {
  return badRequest("cursor: invalid cursor; follow the Link header of a page of this same list, order and filters");
}

function readPosition(payload: string): Position {
  const [key, id] = JSON.parse(Buffer.from(payload, "base64url").toString()) as [unknown, unknown];
  // The MAC says this server wrote it; the shape is checked all the same, as input from outside.
  if ((typeof key !== "string" && typeof key !== "number") || typeof id !== "string" || !isUuid(id)) throw invalidCursor();
  return { key, id };
}
