import path from "node:path";
import type { Config } from "@/lib/config/config";
import { LocalStore } from "./local-store";
import type { Storage } from "./types";

export function createStorage(config: Config, signingSecret: string): Storage {
  return new LocalStore(path.join(config.dataDir, "objects"), signingSecret);
}
