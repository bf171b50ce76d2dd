import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP relay between a client (terminal or browser) and the server that the test can cut: `cut` drops the
 * client's connections and refuses its WebSocket while still passing plain API requests, so the
 * client's live link is down while the server carries on; `restore` lets it back.
 */
export interface Relay {
  readonly url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.once('data', (first) => {
      // Hold what follows until the upstream is connected; pipe() resumes the stream.
      client.pause();
      if (down && first.toString('latin1').startsWith('GET /ws')) return void client.destroy();
      const upstream = new Socket();
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.connect(Number(port), hostname, () => {
        upstream.write(first);
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
