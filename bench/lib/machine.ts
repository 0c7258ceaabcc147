import os from "node:os";

export function describeMachine(): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return `${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB memory, Node ${process.version}`;
}
