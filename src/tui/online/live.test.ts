import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { WebSocketServer } from 'ws';
import { connectLive } from './live.ts';

describe('terminal live connection', () => {
  it('logs in with an auth frame before subscribing, never with the token in the address', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const seen = new Promise<{ url: string; frames: { type?: string }[] }>((resolve) =>
      server.once('connection', (socket, request) => {
        const frames: { type?: string }[] = [];
        socket.on('message', (data) => {
          frames.push(JSON.parse(String(data)));
          if (frames.at(-1)?.type === 'subscribe') resolve({ url: request.url ?? '', frames });
        });
      }),
    );
    const live = connectLive({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      session: { user: 'ann', token: 'secret-token-of-ann-0123456789' },
      subscription: () => ({ type: 'subscribe', gameId: 7 }),
      onFrame: () => undefined,
      onLink: () => undefined,
    });
    try {
      const { url, frames } = await seen;
      assert.equal(url, '/ws?format=json');
      assert.deepEqual(frames, [
        { type: 'auth', token: 'secret-token-of-ann-0123456789' },
        { type: 'subscribe', gameId: 7 },
      ]);
    } finally {
      live.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
