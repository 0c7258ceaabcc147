/**
 * Boots the app when the server starts (migrations, INIT_* user, resuming unfinished tasks),
 * rather than on the first request. Skipped while `next build` runs.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { getApp } = await import("@/lib/app/app");
  await getApp();
}
