import { afterEach, describe, expect, it } from "vitest";
import { runAdminCommand } from "@/lib/admin/commands";
import { createInvitation, mayUseProvider, signUp, signUpStatus } from "@/lib/auth/sign-up";
import type { Database } from "@/lib/db/client";
import { openTestDatabase, testDatabaseKinds } from "../helpers/test-databases";

const DAY = 24 * 3600_000;
const credentials = (who: string) => ({ email: `${who}@example.com`, password: "a good long password" });

describe.each(testDatabaseKinds)("SIGN_UP on %s", (kind) => {
  let database: Database;
  afterEach(async () => database?.close());
  const fresh = async () => (database = await openTestDatabase(kind)).db;

  it("invite (the default): the first account needs no invitation; later ones need a link, which works once and for 7 days", async () => {
    const db = await fresh();
    const now = Date.now();
    expect(await signUpStatus(db, "invite", undefined, now)).toBe("first");
    expect(await runAdminCommand(db, { command: "user:invite" }, now).catch((error: Error) => error.message)).toMatch(/Nobody has an account yet/);
    expect((await signUp(db, "invite", { credentials: credentials("owner") }, now)).ok).toBe(true);

    expect(await signUp(db, "invite", { credentials: credentials("uninvited") }, now)).toEqual({ ok: false, reason: "invitation-needed" });
    expect(await signUp(db, "invite", { credentials: credentials("guesser"), invitation: "made-up" }, now)).toEqual({ ok: false, reason: "invitation-unusable" });
    expect(await mayUseProvider(db, "invite", "uninvited@example.com")).toBe(false);
    expect(await mayUseProvider(db, "invite", "owner@example.com")).toBe(true);

    const invitation = (await createInvitation(db, now))!;
    expect(await signUpStatus(db, "invite", invitation.token, now)).toBe("invited");
    // A taken email does not use the link up.
    expect(await signUp(db, "invite", { credentials: credentials("owner"), invitation: invitation.token }, now)).toEqual({ ok: false, reason: "email-taken" });
    expect((await signUp(db, "invite", { credentials: credentials("invited"), invitation: invitation.token }, now)).ok).toBe(true);
    expect(await signUp(db, "invite", { credentials: credentials("second"), invitation: invitation.token }, now)).toEqual({ ok: false, reason: "invitation-unusable" });

    const { token } = (await runAdminCommand(db, { command: "user:invite" }, now)) as { token: string };
    expect(await signUpStatus(db, "invite", token, now + 7 * DAY + 1)).toBe("invitation-unusable");
    expect(await signUp(db, "invite", { credentials: credentials("late"), invitation: token }, now + 7 * DAY + 1)).toEqual({ ok: false, reason: "invitation-unusable" });
    expect((await signUp(db, "invite", { credentials: credentials("in-time"), invitation: token }, now + 7 * DAY - 1)).ok).toBe(true);
  }, 300_000);

  it("open: anyone; closed: nobody but the first account", async () => {
    const db = await fresh();
    const now = Date.now();
    expect((await signUp(db, "closed", { credentials: credentials("first") }, now)).ok).toBe(true);
    expect(await signUp(db, "closed", { credentials: credentials("next") }, now)).toEqual({ ok: false, reason: "closed" });
    const invitation = (await createInvitation(db, now))!;
    expect(await signUp(db, "closed", { credentials: credentials("next"), invitation: invitation.token }, now)).toEqual({ ok: false, reason: "closed" });
    expect(await mayUseProvider(db, "closed", "next@example.com")).toBe(false);
    expect((await signUp(db, "open", { credentials: credentials("anyone") }, now)).ok).toBe(true);
    expect(await mayUseProvider(db, "open", "someone-else@example.com")).toBe(true);
  }, 300_000);
});
