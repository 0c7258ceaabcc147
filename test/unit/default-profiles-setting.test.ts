import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config/config";

describe("DEFAULT_PROFILES", () => {
  it("is the built-in ladder when unset: 360p, 720p and 1080p at 1, 3 and 6 Mb/s", () => {
    expect(loadConfig({}).defaultProfiles.map(({ height, bitrate }) => [height, bitrate])).toEqual([
      [360, 1_000_000],
      [720, 3_000_000],
      [1080, 6_000_000],
    ]);
  });

  it("takes a ladder as Livepeer's profiles", () => {
    const ladder = [{ name: "240p", width: 426, height: 240, bitrate: 400_000, fps: 15 }];
    expect(loadConfig({ DEFAULT_PROFILES: JSON.stringify(ladder) }).defaultProfiles).toEqual(ladder);
  });

  it("refuses at start what is not JSON, naming the setting and showing the expected shape", () => {
    expect(() => loadConfig({ DEFAULT_PROFILES: "360p,720p" })).toThrow(/DEFAULT_PROFILES: must be a JSON array of profiles, such as \[\{"name"/);
  });

  it("refuses an empty ladder and a bad rung, naming the rung's field", () => {
    expect(() => loadConfig({ DEFAULT_PROFILES: "[]" })).toThrow(/DEFAULT_PROFILES: .*must have at least one profile/);
    expect(() => loadConfig({ DEFAULT_PROFILES: '[{"width":640,"height":360,"bitrate":1000000,"encoder":"VP9"}]' })).toThrow(
      /DEFAULT_PROFILES: 0\.encoder: VP9 is not supported/,
    );
    expect(() => loadConfig({ DEFAULT_PROFILES: '[{"width":640,"height":360}]' })).toThrow(/DEFAULT_PROFILES: 0\.bitrate: must be a number/);
  });
});
