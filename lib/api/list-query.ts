import { z } from "zod";
import { isValidCursor } from "@/lib/db/pagination";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().refine(isValidCursor, "invalid cursor").optional(),
});

/** A JSON array response with the next page, if any, in `Link: <…>; rel="next"`. */
export function pagedResponse(url: URL, items: unknown[], nextCursor: string | undefined, origin: string): Response {
  const headers = new Headers();
  if (nextCursor) {
    const next = new URL(url.pathname + url.search, origin);
    next.searchParams.set("cursor", nextCursor);
    headers.set("Link", `<${next.toString()}>; rel="next"`);
  }
  return Response.json(items, { headers });
}
