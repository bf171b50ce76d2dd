/** The chat's own rate: a few lines at once, then one every few seconds, on the service's clock. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CHAT_BURST, CHAT_EVERY_S } from '../../api/index.ts';
import { GAMES } from '../../games/index.ts';
import { openStore, type Store } from '../../store/index.ts';
import { createService } from '../service/service.ts';

describe('chat rate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-chat-rate-'));
  let clock = 1_000_000;
  let store: Store;
  let service: ReturnType<typeof createService>;
  before(async () => {
    store = await openStore({ dataDir: dir });
    service = createService({ store, games: GAMES, botGames: new Set(), now: () => clock });
  });
  after(async () => {
    await service.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`takes ${CHAT_BURST} lines at once, then one every ${CHAT_EVERY_S} seconds, refusing the rest in a sentence`, async () => {
    for (const user of ['ann', 'bob']) assert.ok((await service.signup(user, 'pass1234', null)).ok);
    const made = await service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 2 });
    assert.ok(made.ok);
    const id = made.value.id;
    for (let i = 0; i < CHAT_BURST; i++) assert.ok((await service.chat('ann', id, `line ${i}`)).ok);
    const refused = await service.chat('ann', id, 'one more');
    assert.deepEqual(refused, {
      ok: false,
      code: 'rate-limited',
      error: `you are writing too fast: ${CHAT_BURST} chat lines at once, then one every ${CHAT_EVERY_S} seconds`,
    });
    // The other player is not held back by it.
    assert.ok((await service.chat('bob', id, 'slow down')).ok);
    clock += CHAT_EVERY_S * 1000;
    assert.ok((await service.chat('ann', id, 'sorry')).ok);
    assert.equal((await service.chat('ann', id, 'and again')).ok, false);
    assert.equal((await store.chat(id, 100)).length, CHAT_BURST + 2);
  });
});
