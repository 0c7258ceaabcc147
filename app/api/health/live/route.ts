/** Liveness: answers as long as the process serves requests, without touching its dependencies. */
export const GET = async () => Response.json({ ok: true });
