import { randomBytes } from "node:crypto";

/** This process among the nodes of a deployment: NODE_NAME (or the host name), made unique per start. */
export interface NodeIdentity {
  id: string;
  name: string;
}

export function newNodeIdentity(name: string): NodeIdentity {
  return { id: `${name}-${process.pid}-${randomBytes(3).toString("hex")}`, name };
}
