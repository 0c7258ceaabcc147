import fs from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * `npm install` shows only errors (.npmrc), so npm's advisory about dependencies whose install
 * scripts nobody reviewed (npm 11; npm 12 skips their scripts) would go unseen: every package of the
 * lockfile with an install script must be in package.json's allowScripts, reviewed, and nothing
 * else. Entries are names: the lockfile records no registry URLs (omit-lockfile-registry-resolved),
 * so npm could not check a pinned `name@version` entry and would call it unreviewed; the
 * lockfile's versions and integrity hashes pin what a name allows.
 */
describe("install scripts", () => {
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { allowScripts?: Record<string, boolean> };
  const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as { packages: Record<string, { hasInstallScript?: boolean }> };
  const withScripts = new Set(
    Object.entries(lock.packages)
      .filter(([where, entry]) => where !== "" && entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length)),
  );

  it("are reviewed in allowScripts for every package that has one, by name", () => {
    const reviewed = Object.keys(pkg.allowScripts ?? {});
    expect(reviewed.filter((key) => /.@/.test(key)), "pinned entries npm cannot check against this lockfile").toEqual([]);
    expect([...withScripts].filter((name) => !reviewed.includes(name)).sort(), "not reviewed").toEqual([]);
    expect(reviewed.filter((name) => !withScripts.has(name)), "entries for packages without install scripts").toEqual([]);
  });
});
