import net from "node:net";

export interface TcpProxy {
  port: number;
  /** Cuts every connection through it, and refuses new ones until `restore`: the dependency is unreachable. */
  cut(): void;
  /** Cuts as `cut` does once a request whose head matches `pattern` comes through, before the target sees it. */
  cutAtRequest(pattern: RegExp): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy on loopback in front of `target`, which a test can cut off and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cut = false;
  let cutAt: RegExp | undefined;
  const cutAll = () => {
    cut = true;
    for (const socket of open) socket.resetAndDestroy();
  };
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (cut) return void client.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    upstream.pipe(client);
    client.on("data", (chunk: Buffer) => {
      if (cutAt?.test(chunk.toString("latin1"))) {
        cutAt = undefined;
        return cutAll();
      }
      if (!upstream.write(chunk)) {
        client.pause();
        upstream.once("drain", () => client.resume());
      }
    });
    client.on("end", () => upstream.end());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: cutAll,
    cutAtRequest(pattern) {
      cutAt = pattern;
    },
    restore() {
      cut = false;
      cutAt = undefined;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
