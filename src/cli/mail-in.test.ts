/**
 * `tessera mail-in`'s exit status, which tells the MTA what to do with the mail: every failure that
 * is not the mail's fault is 75 (EX_TEMPFAIL), so a player's move is kept and delivered again
 * later, never bounced.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { runMailIn } from './mail-in-actions.ts';

const MAIL = 'From: ann@players.example\r\nSubject: moves\r\n\r\nhelp\r\n';
const ENV = { TESSERA_DATA: '/nonexistent/tessera', TESSERA_MAIL_FROM: 'games@games.example' };

describe('tessera mail-in exit status', () => {
  it('is 0 for a mail handled, 75 for a store, relay or program failure mid-way', async () => {
    const handled = await runMailIn(Readable.from([MAIL]), ENV, async () => ({
      kind: 'played',
      commands: 1,
    }));
    assert.equal(handled, 0);
    for (const failure of [
      new Error('Connection terminated unexpectedly'),
      new TypeError("Cannot read properties of undefined (reading 'secret')"),
    ]) {
      const status = await runMailIn(Readable.from([MAIL]), ENV, async () => {
        throw failure;
      });
      assert.equal(status, 75, failure.message);
    }
  });

  it('is 75 when the mail cannot be read whole or a setting is wrong', async () => {
    const broken = new Readable({
      read() {
        this.destroy(new Error('EPIPE'));
      },
    });
    assert.equal(await runMailIn(broken, ENV, async () => ({ kind: 'played', commands: 1 })), 75);
    assert.equal(
      await runMailIn(Readable.from([MAIL]), { ...ENV, TESSERA_MAIL_FROM: 'not an address' }, async () => ({
        kind: 'played',
        commands: 1,
      })),
      75,
    );
  });
});
