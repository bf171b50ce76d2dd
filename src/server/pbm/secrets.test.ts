/**
 * The words of a PBeM command that may hold a password, by position: every command that takes one
 * shows it as "…", a line that is no command shows at most its first word, and an answer quoting
 * a secret (whole, inside a word, or cut short) no longer holds it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GAMES } from '../../games/index.ts';
import { shownCommand, withoutSecrets, withoutWordsOf } from './secrets.ts';

const S = 'Sekret-pw1';

describe('PBeM words that may hold a password', () => {
  it('leaves out the password (and a code) of every command that takes one', () => {
    const commands = [
      `signup ann ${S} ann@x.example`,
      `password ann ${S} ${S}2`,
      `vacation ann ${S} 3`,
      `email ann ${S} off`,
      `verify ann ${S} ${S}3`,
      `notify ann ${S} digest`,
      `block ann ${S} bob`,
      `unblock ann ${S} bob`,
      `blocks ann ${S}`,
      `WarpAndWeft signup ann ${S}`,
      `WarpAndWeft challenge -size=3 ann bob ${S}`,
      `WarpAndWeft challenge -size=3 ann ${S}`,
      ...[
        'move',
        'swap',
        'queue',
        'resign',
        'decline',
        'cancel',
        'propose',
        'accept',
        'rematch',
        'analyse',
        'chat',
      ].map((verb) => `WarpAndWeft ${verb} 12 ann ${S} F6`),
      `Atom4 reject 12 ann ${S}`,
      `Atom4 reject ann ${S} on`,
      `WarpAndWeft fly 12 ann ${S}`,
      `Chess move 12 ann ${S}`,
      S,
    ];
    for (const line of commands) {
      const shown = shownCommand(line.split(' '), GAMES);
      assert.doesNotMatch(shown, /Sekret/, line);
    }
    assert.equal(
      shownCommand(`WarpAndWeft move 12 ann ${S} F6`.split(' '), GAMES),
      'WarpAndWeft move 12 ann … F6',
    );
    assert.equal(shownCommand('WarpAndWeft show 12'.split(' '), GAMES), 'WarpAndWeft show 12');
    assert.equal(shownCommand(`Chess show ${S}`.split(' '), GAMES), 'Chess … …');
  });

  it('takes a secret out of an answer, whole, inside a word or cut short', () => {
    const words = `vacation ann ${S}xxxxxxxxxxxxxxxxxxxxx`.split(' ');
    const long = words[2] as string;
    assert.equal(
      withoutSecrets(`"${long}" and "${long.slice(0, 20)}" and x${long}`, words, GAMES),
      '"…" and "…" and x…',
    );
    // A wrong-password sentence names no word: "wrong" stays when the password is not a word of it.
    assert.equal(withoutSecrets('wrong user id or password', words, GAMES), 'wrong user id or password');
    assert.equal(
      withoutWordsOf('"vacation bob Sekret-pw1" is not a move', 'vacation bob Sekret-pw1'),
      '"… bob …" is not a move',
    );
  });
});
