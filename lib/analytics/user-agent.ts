import Bowser from "bowser";

export interface ViewerAgent {
  /** "" when the user agent does not say. */
  browser: string;
  os: string;
  /** desktop, mobile, tablet, tv or bot: the kind of device (Livepeer's `deviceType`). */
  device: string;
}

const UNKNOWN: ViewerAgent = { browser: "", os: "", device: "" };
/** Players send the same few user agents over and over: each is parsed once. */
const CACHE_SIZE = 2000;
const cache = new Map<string, ViewerAgent>();

/** Browser, OS and kind of device, from Bowser (MIT, maintained: it follows new browsers and bots). */
export function parseUserAgent(userAgent: string | undefined): ViewerAgent {
  if (!userAgent?.trim()) return UNKNOWN;
  const known = cache.get(userAgent);
  if (known) return known;
  const parsed = Bowser.parse(userAgent);
  const agent = { browser: parsed.browser.name ?? "", os: parsed.os.name ?? "", device: parsed.platform.type ?? "" };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(userAgent, agent);
  return agent;
}
