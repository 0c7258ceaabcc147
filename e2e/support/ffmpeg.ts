import { execFileSync } from "node:child_process";

/** Whether the system's ffmpeg is there: the specs of what it makes (posters, ladders, clips, storyboards) skip without it. */
export const hasFfmpeg = (() => {
  try {
    execFileSync(process.env.FFMPEG_PATH ?? "ffmpeg", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
