import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteUserAsset, updateAsset } from "@/lib/db/assets";
import { insertUpload } from "@/lib/db/insert-upload";
import type { AssetStatus, TaskPhase, TaskType } from "@/lib/db/schema";
import { insertTask } from "@/lib/db/tasks";
import { routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { newUpload } from "../helpers/new-upload";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const DAY_MS = 24 * 3600_000;
const PAGE = 7;
const nextLink = (response: Response) => response.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1];

interface Listed {
  id: string;
  name: string;
  status: AssetStatus;
  size?: number;
  createdAt: number;
}

type Sort = "createdAt" | "name" | "size";

/** The documented orders: names case-insensitive, an unknown size smaller than any, ties by id. */
const KEYS: Record<Sort, (asset: Listed) => string | number> = {
  createdAt: (asset) => asset.createdAt,
  name: (asset) => asset.name.toLowerCase(),
  size: (asset) => asset.size ?? -1,
};

function inOrder(sort: Sort, descending: boolean) {
  return (a: Listed, b: Listed) => {
    const [ka, kb] = [KEYS[sort](a), KEYS[sort](b)];
    const compared = ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return descending ? -compared : compared;
  };
}

// Few distinct names (two differing only in case), sizes and times: many ties on every sort key.
const NAMES = ["Beach day", "beach day", "Alpine", "alpine", "Zebra alps"];
const STATUSES: AssetStatus[] = ["ready", "failed", "ready", "waiting", "processing", "ready"];
const SIZES = [100, 200, 200, 300];

describe.each(testDatabaseKinds)("list order and cursors on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { RATE_LIMIT_PER_MINUTE: "100000" });
  });
  afterAll(() => t.close());

  async function addAsset(userId: string, values: { name: string; status: AssetStatus; size?: number; createdAt: number }) {
    const assetId = randomUUID();
    // Dormant: no runner looks at the upload task during the test.
    const later = values.createdAt + DAY_MS;
    await insertUpload(t.app.db, newUpload({ assetId, userId, name: values.name, createdAt: values.createdAt, uploadExpiresAt: later, taskRunAfter: later }));
    if (values.status !== "waiting") await updateAsset(t.app.db, assetId, { status: values.status, size: values.size ?? null });
    return assetId;
  }

  async function seedAssets(userId: string, count: number) {
    const base = t.app.now();
    for (let i = 0; i < count; i++) {
      const status = STATUSES[i % STATUSES.length];
      const size = status === "waiting" ? undefined : SIZES[i % SIZES.length];
      await addAsset(userId, { name: NAMES[i % NAMES.length], status, size, createdAt: base + Math.floor(i / 4) });
    }
  }

  const list = (token: string, url: string) => callRoute(routes.assetList.GET, url, { token });

  async function allAssets(token: string): Promise<Listed[]> {
    const all: Listed[] = [];
    for (let url: string | undefined = "/api/asset?limit=100"; url; ) {
      const response = await list(token, url);
      all.push(...(await response.json()));
      url = nextLink(response);
    }
    return all;
  }

  const FILTERS: Array<{ query: string; matches: (asset: Listed) => boolean }> = [
    { query: "", matches: () => true },
    { query: "&status=ready", matches: (asset) => asset.status === "ready" },
    { query: "&status=failed", matches: (asset) => asset.status === "failed" },
    { query: "&search=ALP", matches: (asset) => asset.name.toLowerCase().includes("alp") },
  ];

  describe.each(["createdAt", "name", "size"] as const)("sorted by %s", (sort) => {
    it.each([
      ["asc", false],
      ["desc", true],
    ] as const)("%s: pages neither repeat nor skip an asset while assets are created and deleted between them", async (order, descending) => {
      for (const filter of FILTERS) {
        const { userId, token } = await t.createUser();
        await seedAssets(userId, 40);
        const before = await allAssets(token);
        const deleted = new Set<string>();
        const listed: Listed[] = [];
        let url: string | undefined = `/api/asset?limit=${PAGE}&sort=${sort}&order=${order}${filter.query}`;
        let created = 0;
        while (url) {
          const response = await list(token, url);
          expect(response.status).toBe(200);
          const page: Listed[] = await response.json();
          expect(page.length).toBeLessThanOrEqual(PAGE);
          listed.push(...page);
          url = nextLink(response);
          if (!url) break;
          // Between two requests: the row the cursor points at goes, so does one not listed yet, and a new one comes.
          const seen = new Set(listed.map((asset) => asset.id));
          const unseen = before.find((asset) => !seen.has(asset.id) && !deleted.has(asset.id));
          for (const id of [page.at(-1)!.id, unseen?.id]) {
            if (!id) continue;
            await deleteUserAsset(t.app.db, userId, id);
            deleted.add(id);
          }
          const status = created % 2 ? "failed" : "ready";
          await addAsset(userId, { name: NAMES[created % NAMES.length], status, size: 200, createdAt: t.app.now() + created++ });
        }
        const where = `${sort} ${order}${filter.query}`;
        const ids = listed.map((asset) => asset.id);
        expect(new Set(ids).size, `no asset twice (${where})`).toBe(ids.length);
        expect(listed, `in order (${where})`).toEqual([...listed].sort(inOrder(sort, descending)));
        expect(listed.every(filter.matches), `only matching assets (${where})`).toBe(true);
        const kept = before.filter((asset) => !deleted.has(asset.id) && filter.matches(asset)).map((asset) => asset.id);
        expect(kept.length).toBeGreaterThan(0);
        expect(kept.filter((id) => !ids.includes(id)), `every asset there all along is listed (${where})`).toEqual([]);
      }
    });
  });

  it("answers the number of matching assets with total=true: exact up to 10,000, an estimate beyond", async () => {
    const { userId, token } = await t.createUser();
    await seedAssets(userId, 12);
    const failed = await list(token, "/api/asset?status=failed&total=true");
    expect(failed.headers.get("x-total-count")).toBe("2");
    expect(failed.headers.get("x-total-count-exact")).toBe("true");
    expect((await list(token, "/api/asset")).headers.get("x-total-count")).toBeNull();

    await t.app.db.execute(sql`
      insert into assets (user_id, playback_id, name, status, storage_key, upload_expires_at, created_at, updated_at)
      select ${userId}::uuid, md5(random()::text), 'many ' || i, 'ready', 'none', 0, i, i from generate_series(1, 10050) as i
    `);
    await t.app.db.execute(sql`analyze assets`);
    const many = await list(token, "/api/asset?total=true");
    expect(many.headers.get("x-total-count-exact")).toBe("false");
    expect(Number(many.headers.get("x-total-count"))).toBeGreaterThan(10_000);
    expect(Number(many.headers.get("x-total-count"))).toBeLessThan(20_000);
  });

  describe("cursors", () => {
    let alice: { userId: string; token: string };
    let bob: { userId: string; token: string };
    let cursorOf: (url: string) => Promise<string>;

    beforeAll(async () => {
      alice = await t.createUser();
      bob = await t.createUser();
      await seedAssets(alice.userId, 10);
      await seedAssets(bob.userId, 10);
      cursorOf = async (url) => new URL(nextLink(await list(alice.token, url))!).searchParams.get("cursor")!;
    });

    it("from another user, another order or filter, forged or changed, answer 400 naming the parameter", async () => {
      const cursor = await cursorOf("/api/asset?limit=3&sort=name");
      expect((await list(alice.token, `/api/asset?limit=3&sort=name&cursor=${cursor}`)).status).toBe(200);
      // The page size is not part of the order: a cursor goes on with another.
      expect((await list(alice.token, `/api/asset?limit=5&sort=name&order=asc&cursor=${cursor}`)).status).toBe(200);

      const refused = /^cursor: invalid cursor/;
      await expectError(await list(bob.token, `/api/asset?limit=3&sort=name&cursor=${cursor}`), 400, refused);
      for (const other of ["sort=size", "sort=createdAt", "sort=name&order=desc", "sort=name&status=ready", "sort=name&search=a"]) {
        await expectError(await list(alice.token, `/api/asset?limit=3&${other}&cursor=${cursor}`), 400, refused);
      }
      const [payload, mac] = cursor.split(".");
      const [key, id] = JSON.parse(Buffer.from(payload, "base64url").toString());
      const forgedPayload = Buffer.from(JSON.stringify([key, id.replace(/^./, id[0] === "0" ? "1" : "0")])).toString("base64url");
      const oldStyle = Buffer.from(`${Date.now()}:${id}`).toString("base64url");
      for (const forged of [`${forgedPayload}.${mac}`, `${payload}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`, payload, oldStyle, "garbage", `${cursor}.x`]) {
        await expectError(await list(alice.token, `/api/asset?limit=3&sort=name&cursor=${encodeURIComponent(forged)}`), 400, refused);
      }
    });

    it("of tasks hold their filters too", async () => {
      const tasks = (token: string, query: string) => callRoute(routes.taskList.GET, `/api/task?${query}`, { token });
      const first = await tasks(alice.token, "limit=2&type=upload");
      const cursor = new URL(nextLink(first)!).searchParams.get("cursor")!;
      expect((await tasks(alice.token, `limit=2&type=upload&cursor=${cursor}`)).status).toBe(200);
      await expectError(await tasks(alice.token, `limit=2&type=export&cursor=${cursor}`), 400, /^cursor: invalid cursor/);
      await expectError(await tasks(alice.token, `limit=2&cursor=${cursor}`), 400, /^cursor: invalid cursor/);
      await expectError(await tasks(bob.token, `limit=2&type=upload&cursor=${cursor}`), 400, /^cursor: invalid cursor/);
    });
  });

  it("pages tasks newest first by phase, type and asset, hiding webhook deliveries, while tasks come and assets go", async () => {
    const { userId, token } = await t.createUser();
    const assetIds: string[] = [];
    for (let i = 0; i < 4; i++) assetIds.push(await addAsset(userId, { name: `a${i}`, status: "ready", size: 1, createdAt: t.app.now() }));
    const base = t.app.now();
    const kinds: Array<[TaskType, TaskPhase]> = [
      ["export", "completed"],
      ["export", "failed"],
      ["upload", "completed"],
      ["webhook", "completed"],
    ];
    const addTask = (i: number, createdAt: number) => {
      const [type, phase] = kinds[i % kinds.length];
      return insertTask(t.app.db, {
        userId,
        type,
        phase,
        inputAssetId: type === "webhook" ? null : assetIds[i % assetIds.length],
        params: {},
        statusUpdatedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
    };
    for (let i = 0; i < 40; i++) await addTask(i, base + Math.floor(i / 5));

    for (const query of ["", "&phase=completed", "&type=export", `&assetId=${assetIds[1]}`, "&type=export&phase=failed"]) {
      const all = (await (await callRoute(routes.taskList.GET, `/api/task?limit=100${query}`, { token })).json()) as Array<{
        id: string;
        inputAssetId: string;
      }>;
      const listed: Array<{ id: string; type: string; createdAt: number; inputAssetId: string }> = [];
      let url: string | undefined = `/api/task?limit=4${query}`;
      let round = 0;
      let gone: string | undefined;
      while (url) {
        const response = await callRoute(routes.taskList.GET, url, { token });
        expect(response.status).toBe(200);
        listed.push(...(await response.json()));
        url = nextLink(response);
        await addTask(round, t.app.now() + DAY_MS + round++);
        if (round === 2) {
          gone = assetIds[3];
          await deleteUserAsset(t.app.db, userId, gone);
        }
      }
      const ids = listed.map((task) => task.id);
      expect(new Set(ids).size, `no task twice (${query})`).toBe(ids.length);
      expect(listed.some((task) => task.type === "webhook")).toBe(false);
      const newestFirst = [...listed].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      expect(listed, `newest first (${query})`).toEqual(newestFirst);
      const kept = all.filter((task) => task.inputAssetId !== gone).map((task) => task.id);
      expect(kept.filter((id) => !ids.includes(id)), `every task there all along is listed (${query})`).toEqual([]);
      assetIds[3] = await addAsset(userId, { name: "again", status: "ready", size: 1, createdAt: t.app.now() });
    }
  });
});
