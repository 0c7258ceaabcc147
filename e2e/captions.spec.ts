import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";

const ENGLISH_VTT = "WEBVTT\n\n00:00:00.500 --> 00:00:01.800\nHello, captions\n";
const FRENCH_SRT = "1\n00:00:00,500 --> 00:00:01,800\nBonjour, sous-titres\n";

function addTrack(page: Page, assetId: string, data: Record<string, string>) {
  return page.request.post(`/api/asset/${assetId}/tracks`, { headers: { Origin: new URL(page.url()).origin }, data: { type: "text", ...data } });
}

async function expectNoAxeViolation(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The text of the cues the video's showing text track shows now. */
function shownCues(page: Page): Promise<string[]> {
  return page.locator("video").evaluate((video: HTMLVideoElement) => {
    const showing = Array.from(video.textTracks).find((track) => track.mode === "showing");
    return Array.from(showing?.activeCues ?? []).map((cue) => (cue as VTTCue).text);
  });
}

test.describe("captions and subtitles", () => {
  test("hls.js lists a WebVTT and an SRT track by language; the chosen one shows its cue at its time; at 1280 and 390 px in both themes, no axe violation", async ({ page }) => {
    test.setTimeout(180_000);
    await signUp(page, uniqueEmail("captions"));
    const asset = await uploadAsset(page, "captioned.mp4", "h264-aac.mp4");
    expect((await addTrack(page, asset.id, { textType: "captions", languageCode: "en", text: ENGLISH_VTT })).status()).toBe(201);
    expect((await addTrack(page, asset.id, { textType: "subtitles", languageCode: "fr", text: FRENCH_SRT })).status()).toBe(201);

    await page.goto(`/play/${asset.playbackId}`);
    const video = page.locator("video");
    await expect(video).toHaveAttribute("data-engine", "hls.js");
    const menu = page.getByRole("combobox", { name: "Captions" });
    await expect(menu.getByRole("option")).toHaveText(["Off", "English (CC)", "French"]);
    await expect(menu.locator("option:checked")).toHaveText("Off");

    await menu.selectOption({ label: "French" });
    await video.evaluate((element: HTMLVideoElement) => (element.currentTime = 1));
    await expect.poll(() => shownCues(page), { timeout: 15_000 }).toEqual(["Bonjour, sous-titres"]);
    await menu.selectOption({ label: "English (CC)" });
    await expect.poll(() => shownCues(page), { timeout: 15_000 }).toEqual(["Hello, captions"]);
    // Past the cue's end: nothing shown.
    await video.evaluate((element: HTMLVideoElement) => (element.currentTime = 1.95));
    await expect.poll(() => shownCues(page)).toEqual([]);

    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/play/${asset.playbackId}`);
        await expect(menu).toBeVisible();
        const box = (await menu.boundingBox())!;
        expect(box.x + box.width, "the menu fits the screen").toBeLessThanOrEqual(width);
        await expectNoAxeViolation(page);
        await page.goto(`/assets/${asset.id}`);
        await expect(page.getByRole("heading", { name: "Subtitles and captions" })).toBeVisible();
        await expect(page.getByRole("combobox", { name: "Captions" })).toBeVisible();
        await expectNoAxeViolation(page);
      }
    }
  });

  test("the asset page adds a track from a file, lists it, and removing it removes its rendition, also from both players loaded again", async ({ page }) => {
    await signUp(page, uniqueEmail("tracks"));
    const asset = await uploadAsset(page, "tracks.mp4", "h264-aac.mp4");
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByText("No tracks yet.")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Captions" })).toHaveCount(0);

    await page.getByLabel("File (.vtt or .srt)").setInputFiles({ name: "de.srt", mimeType: "application/x-subrip", buffer: Buffer.from(FRENCH_SRT) });
    await page.getByLabel("Language").fill("de");
    // Named apart from the asset's Name and the Clip card's, so it is found on the whole page.
    await page.getByLabel("Track name (optional)", { exact: true }).fill("Deutsch");
    await page.getByRole("button", { name: "Add track" }).click();
    const tracks = page.getByRole("list", { name: "Tracks" });
    await expect(tracks.getByRole("listitem")).toHaveText([/Deutsch · de · subtitles/]);
    await expect(page.getByRole("combobox", { name: "Captions" }).getByRole("option")).toHaveText(["Off", "Deutsch"]);
    expect(await (await page.request.get(`/api/hls/${asset.playbackId}/index.m3u8`)).text()).toContain('TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="de",NAME="Deutsch"');

    // A malformed file: the form says which line, the one whose arrow is mistyped.
    await page.getByLabel("File (.vtt or .srt)").setInputFiles({ name: "bad.vtt", mimeType: "text/vtt", buffer: Buffer.from("WEBVTT\n\n00:01.000 -> 00:02.000\nbroken\n") });
    await page.getByLabel("Language").fill("en");
    await page.getByRole("button", { name: "Add track" }).click();
    await expect(page.getByRole("alert").filter({ hasText: 'text: not WebVTT or SRT: line 3: the arrow between a cue\'s times must be "-->"' })).toBeVisible();

    // A second track, and the player page seen with both: its playlist is in the browser's cache now.
    expect((await addTrack(page, asset.id, { textType: "subtitles", languageCode: "en", text: ENGLISH_VTT })).status()).toBe(201);
    await page.goto(`/play/${asset.playbackId}`);
    const menu = page.getByRole("combobox", { name: "Captions" });
    await expect(menu.getByRole("option")).toHaveText(["Off", "Deutsch", "English"]);

    await page.goto(`/assets/${asset.id}`);
    await page.getByRole("button", { name: "Remove Deutsch" }).click();
    await expect(tracks.getByRole("listitem")).toHaveText([/English · en · subtitles/]);
    expect(await (await page.request.get(`/api/hls/${asset.playbackId}/index.m3u8`)).text()).not.toContain('NAME="Deutsch"');
    // What a viewer sees: neither player offers the removed track, nor does either page loaded again.
    await expect(menu.getByRole("option")).toHaveText(["Off", "English"]);
    await page.reload();
    await expect(menu.getByRole("option")).toHaveText(["Off", "English"]);
    await page.goto(`/play/${asset.playbackId}`);
    await expect(menu.getByRole("option")).toHaveText(["Off", "English"]);
    await page.reload();
    await expect(menu.getByRole("option")).toHaveText(["Off", "English"]);
  });
});
