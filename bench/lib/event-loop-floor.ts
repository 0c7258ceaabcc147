import { spawn } from "node:child_process";
import fs from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { timeConcurrently, type Timings } from "./timing";

/** Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ) on every common architecture. */
const TICK_MS = 10;

/** CPU time (user and system) a process has used so far, in ms, from /proc. */
export function cpuMsOfProcess(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name, which may itself hold spaces: state is the first, utime the 12th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** A bare node:http server whose every answer first keeps its thread busy for `argv[1]` ms. */
const BUSY_SERVER = `
const [ms, port] = process.argv.slice(1).map(Number);
require("node:http").createServer((request, response) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
  response.end("[]");
}).listen(port, "127.0.0.1", () => console.log("listening"));
`;

/**
 * What `clients` clients, each sending its next request when the last is answered, see from a
 * server with one thread that spends `cpuMs` on each request and nothing else: the event loop's
 * own floor for that much work. Requests that arrive while a round of others is being answered
 * wait for the whole round, and the order within the next round is not the order they came in,
 * so the p99 is about twice the p50 however the work is written.
 */
export async function eventLoopFloor(cpuMs: number, port: number, clients: number, times: number): Promise<Timings> {
  const server = spawn(process.execPath, ["-e", BUSY_SERVER, String(cpuMs), String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.once("data", () => resolve());
      server.once("exit", (code) => reject(new Error(`the floor's server exited with ${code}`)));
    });
    const call = async () => void (await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer());
    await timeConcurrently(clients, 5, call);
    return await timeConcurrently(clients, times, call);
  } finally {
    server.kill();
    await Promise.race([new Promise((resolve) => server.once("exit", resolve)), delay(5000)]);
  }
}
