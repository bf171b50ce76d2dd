/**
 * One account holds at most MAX_SOCKETS_PER_ACCOUNT logged-in sockets: the next login on a socket
 * is refused with a sentence saying why (the socket stays, logged in as nobody), and a place
 * comes free when one of the account's sockets closes or logs out.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Frame, LiveClient } from '../live/ws-client.ts';
import { testServer } from '../test-support.ts';
import { MAX_SOCKETS_PER_ACCOUNT } from './account-sockets.ts';

describe('sockets per account', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let base: string;
  let ann: string;
  let bob: string;
  before(async () => {
    s = await testServer();
    [ann, bob] = [await s.account('ann'), await s.account('bob')];
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  });
  after(() => s.close());

  const opened: LiveClient[] = [];
  const connect = async () => {
    const live = new LiveClient(base, { format: 'json' });
    opened.push(live);
    await live.opened;
    return live;
  };
  const logIn = async (live: LiveClient, token: string): Promise<Frame> => {
    live.send({ type: 'auth', token, ref: 'login' });
    return live.next((f) => f.ref === 'login');
  };
  after(() => Promise.all(opened.map((live) => live.close())));

  const refused = {
    type: 'error',
    code: 'rate-limited',
    error: `your account has ${MAX_SOCKETS_PER_ACCOUNT} connections open, the most it may; close a tab or another client first`,
  };

  it(`logs in ${MAX_SOCKETS_PER_ACCOUNT} sockets of one account, and refuses the next with the reason`, async () => {
    const sockets: LiveClient[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_ACCOUNT; i++) {
      const live = await connect();
      assert.equal((await logIn(live, ann)).type, 'auth');
      sockets.push(live);
    }
    const extra = await connect();
    const { binary: _, ...answer } = await logIn(extra, ann);
    assert.deepEqual(answer, { ...refused, ref: 'login' });
    // Logged in as nobody: it may watch, not hear ann's notices.
    extra.send({ type: 'subscribe', notices: true, ref: 'notices' });
    assert.equal((await extra.next((f) => f.ref === 'notices')).code, 'unauthorized');
    // Through the address too.
    const byAddress = new LiveClient(base, { format: 'json', token: ann });
    opened.push(byAddress);
    const { binary: __, ...viaQuery } = await byAddress.next((f) => f.type === 'error');
    assert.deepEqual(viaQuery, refused);
    // Another account is not affected.
    assert.equal((await logIn(await connect(), bob)).type, 'auth');

    // A place comes free when one of ann's sockets closes, and when one logs in as another.
    await (sockets.pop() as LiveClient).close();
    await waitFor(async () => (await logIn(extra, ann)).type === 'auth');
    assert.equal((await logIn(sockets[0] as LiveClient, bob)).type, 'auth');
    assert.equal((await logIn(byAddress, ann)).type, 'auth');
    assert.deepEqual((await logIn(await connect(), ann)).error, refused.error);
  });
});

/** Try until `check` holds (the server sees a close a moment after the client does). */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail('it never held');
}
