/**
 * `npm run serve`: build, then serve (scripts/start.mjs, with the same -p/-H options). It first
 * makes sure the address is free: a server already listening there (often this project's, from an
 * earlier `npm run serve`) would be met only after a build of several minutes, by an EADDRINUSE.
 */
import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME ?? "0.0.0.0";

const taken = await new Promise((resolve) => {
  const probe = net.createServer();
  probe.once("error", (error) => resolve(error.code === "EADDRINUSE" ? error : undefined));
  probe.listen(port, hostname, () => probe.close(() => resolve(undefined)));
});
if (taken) {
  const shown = hostname === "0.0.0.0" ? "127.0.0.1" : hostname;
  console.error(
    `Port ${port} is already in use: a server is listening there, perhaps this project's own from an earlier \`npm run serve\`.\n` +
      `If it is, use it (http://${shown}:${port}); or stop it first; or serve on another port: npm run serve -- --port ${port + 1}`,
  );
  process.exit(1);
}

const next = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
const built = spawnSync(process.execPath, [next, "build"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);
await import("./start.mjs");
