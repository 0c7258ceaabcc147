import { errorResponse, notFound } from "@/lib/api/errors";

/** Unknown /api paths answer JSON, never the HTML 404 page, whatever the method. */
const handler = async () => errorResponse(notFound("no such endpoint"));

export { handler as GET, handler as HEAD, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
