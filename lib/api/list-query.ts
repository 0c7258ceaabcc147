import { z } from "zod";
import type { Page, PageRequest } from "@/lib/db/pagination";
import type { ListCursors } from "./list-cursor";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z
    .string()
    .max(4096, "invalid cursor")
    .optional()
    .meta({ description: "Opaque: the next page's, from the `Link` header of a page of the same list, order and filters." }),
});

/**
 * A list endpoint's answer: opens the request's cursor within `scope` (the list, the caller, the
 * order and the filters; lib/api/list-cursor.ts), lists that page, and answers it as a JSON array
 * with the next page, if any, in `Link: <…>; rel="next"`, and any `headers`.
 */
export async function listResponse<T>(
  ctx: { app: { listCursors: ListCursors }; url: URL; origin: string; query: { limit: number; cursor?: string } },
  scope: unknown[],
  list: (page: PageRequest) => Promise<Page<T>>,
  headers?: HeadersInit,
): Promise<Response> {
  const cursors = ctx.app.listCursors.scope(scope);
  const page = await list({ limit: ctx.query.limit, after: cursors.open(ctx.query.cursor) });
  const answer = new Headers(headers);
  const nextCursor = cursors.seal(page.next);
  if (nextCursor) {
    const next = new URL(ctx.url.pathname + ctx.url.search, ctx.origin);
    next.searchParams.set("cursor", nextCursor);
    answer.set("Link", `<${next.toString()}>; rel="next"`);
  }
  return Response.json(page.items, { headers: answer });
}
