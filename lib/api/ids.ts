import { isUuid } from "@/lib/uuid";
import { notFound } from "./errors";

/** An id from a path; anything that is not a UUID cannot exist, so it is a 404. */
export function idParam(value: string, what: string): string {
  if (!isUuid(value)) throw notFound(`${what} not found`);
  return value.toLowerCase();
}
