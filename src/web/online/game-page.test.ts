import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tiny } from '../../../test/tiny-game/rules.ts';
import type { ServerFrame } from '../../api/index.ts';
import { fromShow, type OnlineGame, playOwn } from '../../engine/index.ts';
import type { BoardKeys } from '../web-game.ts';
import {
  boardLabel,
  frameEffect,
  gameTabTitle,
  keysHint,
  LOST_MOVE,
  letterMove,
  statusText,
  typedMoves,
  withdrawal,
} from './game-page.ts';

/** A Tiny Nim game between ann and bob at its start, as the page loads it. */
const start = (): OnlineGame =>
  fromShow({
    view: tiny.setup({ counters: 7 }, 0),
    moveCount: 0,
    movesFrom: 1,
    moves: [],
    status: 'active',
    toMove: 'ann',
    outcome: null,
  });

/** The server's answer to a subscription to the game, which holds `moveCount` moves. */
const subscribed = (moveCount: number): ServerFrame => ({
  type: 'subscribed',
  gameId: 1,
  gameType: 'tiny',
  players: ['ann', 'bob'],
  seat: 0,
  moveCount,
  status: 'active',
});

/** Ann's move shown at once, and its frame ref. */
function annTakes(counters: number) {
  const mine = playOwn(tiny, start(), 'ann', String(counters));
  assert.ok(mine.ok);
  return { live: mine.state, sent: { ref: 1, moveNo: mine.moveNo } };
}

describe('the online game page', () => {
  it("rolls our move back when the server refuses it, telling the refusal's reason", () => {
    const { live, sent } = annTakes(2);
    const refusal: ServerFrame = {
      type: 'error',
      ref: 1,
      error: 'it is not your move',
      code: 'not-your-turn',
      gameId: 1,
    };
    const effect = frameEffect(tiny, refusal, live, sent);
    assert.equal(effect.sent, null);
    assert.equal(effect.message, 'it is not your move');
    assert.deepEqual(effect.update(live), start());
  });

  it("tells another request's refusal without touching our move on its way", () => {
    const { live, sent } = annTakes(2);
    const refusal: ServerFrame = { type: 'error', ref: 9, error: 'too many requests', code: 'rate-limited' };
    const effect = frameEffect(tiny, refusal, live, sent);
    assert.equal(effect.sent, sent);
    assert.equal(effect.message, 'too many requests');
    assert.equal(effect.update(live), live);
  });

  it('drops our move when a resubscription shows the server never got it, and says so', () => {
    const { live, sent } = annTakes(2);
    const lost = frameEffect(tiny, subscribed(0), live, sent);
    assert.equal(lost.sent, null);
    assert.equal(lost.message, LOST_MOVE);
    assert.deepEqual(lost.update(live), start());
    const kept = frameEffect(tiny, subscribed(1), live, sent);
    assert.equal(kept.sent, sent);
    assert.equal(kept.message, undefined);
    assert.equal(kept.update(live), live);
  });

  it('settles our move on its acknowledgement, and plays the moves the server sends', () => {
    const { live, sent } = annTakes(2);
    const ack = (ref: number): ServerFrame => ({
      type: 'ack',
      ref,
      gameId: 1,
      moveNo: 1,
      move: '2',
      moveCount: 1,
    });
    assert.equal(frameEffect(tiny, ack(1), live, sent).sent, null);
    assert.equal(frameEffect(tiny, ack(2), live, sent).sent, sent);
    const move: ServerFrame = {
      type: 'move',
      gameId: 1,
      moveNo: 1,
      seat: 0,
      move: '3',
      auto: false,
      at: 0,
      moveCount: 1,
      status: 'active',
      toMove: 'bob',
      outcome: null,
    };
    const bob = frameEffect(tiny, move, start(), null).update(start());
    assert.deepEqual(bob.moves, ['3']);
    assert.equal((bob.view as { left: number }).left, 4);
    assert.equal(statusText(bob, 'bob', ['ann', 'bob']), 'Your move.');
  });

  it('names the game and the opponent in the tab title', () => {
    const show = { title: 'Atom-4', id: 2, players: ['ann', 'bob'] };
    assert.equal(gameTabTitle(show, 'ann'), 'Atom-4 vs bob');
    assert.equal(gameTabTitle(show, 'bob'), 'Atom-4 vs ann');
    assert.equal(gameTabTitle(show, undefined), 'Atom-4: ann vs bob');
    assert.equal(
      gameTabTitle({ title: 'Sigmar’s Garden', id: 3, players: ['ann'] }, 'ann'),
      'Sigmar’s Garden #3',
    );
  });

  it('says whose move it is, or how the game ended, naming the players', () => {
    const players = ['ann', 'bob'];
    assert.equal(statusText(start(), 'ann', players), 'Your move.');
    assert.equal(statusText(start(), undefined, players), 'ann to move.');
    assert.equal(
      statusText(
        {
          ...start(),
          status: 'void',
          toMove: null,
          outcome: { kind: 'draw', reason: 'bob declined the game' },
        },
        'ann',
        players,
      ),
      'Void: bob declined the game.',
    );
    const over: OnlineGame = {
      ...start(),
      status: 'finished',
      toMove: null,
      outcome: { kind: 'win', winner: 1, reason: 'Second took the last counter' },
    };
    assert.equal(statusText(over, 'ann', players), 'Game over: bob wins: Second took the last counter.');
  });

  it("words a board's keys, and finds the move of a letter key", () => {
    const keys: BoardKeys = { enter: 'plays', letters: { n: 'next' }, lettersHelp: 'n next round' };
    assert.equal(boardLabel(keys), 'Board: arrows move the cursor, Enter plays');
    assert.equal(
      keysHint(keys),
      'Keys: Tab to the board, arrows move the cursor, Enter plays; n next round.',
    );
    assert.equal(letterMove(keys, 'n'), 'next');
    assert.equal(letterMove(keys, 'x'), undefined);
    assert.equal(letterMove(keys, 'constructor'), undefined);
  });
});

describe('the move box', () => {
  it('reads one move or several separated by spaces, for a preview', () => {
    assert.deepEqual(typedMoves('A7'), ['A7']);
    assert.deepEqual(typedMoves('  L11   C3 '), ['L11', 'C3']);
    assert.deepEqual(typedMoves('   '), []);
  });
});

describe('ending a game short of resigning', () => {
  const show = { players: ['ann', 'bob'], challenger: 'ann' };
  it('offers the challenger Cancel until the challenge is answered, the challenged Decline', () => {
    assert.equal(withdrawal({ status: 'active', moveCount: 0 }, show, 0), 'cancel');
    // Having moved first, the challenger may still cancel while bob has not answered.
    assert.equal(withdrawal({ status: 'active', moveCount: 1 }, show, 0), 'cancel');
    assert.equal(withdrawal({ status: 'active', moveCount: 1 }, show, 1), 'decline');
    assert.equal(withdrawal({ status: 'active', moveCount: 2 }, show, 0), null);
    assert.equal(withdrawal({ status: 'active', moveCount: 2 }, show, 1), null);
  });
  it('offers no Cancel in a game against the computer, which answers at once', () => {
    const bot = { players: ['ann', 'computer'], challenger: 'ann' };
    assert.equal(withdrawal({ status: 'active', moveCount: 0 }, bot, 0), 'decline');
  });
});
