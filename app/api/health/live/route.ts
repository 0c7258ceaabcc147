import { methods } from "@/lib/api/methods";

/** Liveness: answers as long as the process serves requests, without touching its dependencies. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: async () => Response.json({ ok: true }),
});
