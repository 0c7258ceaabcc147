import type { ResponseShape } from "@/lib/db/schema";

/** The shape an answer takes once `auto` is resolved. */
export type AnswerShape = Exclude<ResponseShape, "auto">;

/** Livepeer's SDKs (Speakeasy-generated, every language) send `speakeasy-sdk/<language> <versions…> livepeer`. */
const LIVEPEER_SDK_AGENT = /^speakeasy-sdk\/\S+ .*\blivepeer\b/i;

/** The shape of this request's answers: the key's setting, `auto` deciding by the User-Agent. */
export function answerShape(setting: ResponseShape, userAgent: string | null): AnswerShape {
  if (setting !== "auto") return setting;
  return userAgent !== null && LIVEPEER_SDK_AGENT.test(userAgent) ? "studio" : "plain";
}
