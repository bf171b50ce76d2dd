/** Long games: many moves, their history and their live updates. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type GameShow, MAX_MOVE_PAGE, MOVE_PAGE } from '../api/index.ts';
import { MAX_MOVES, sigmar } from '../games/sigmar/index.ts';
import { BACKLOG_PAGE } from './live/hub.ts';
import { type Frame, LiveClient } from './live/ws-client.ts';
import { testServer } from './test-support.ts';

type Server = Awaited<ReturnType<typeof testServer>>;

/**
 * A game as long as its type allows, built as an attacker would: Sigmar's Garden with a pair
 * removed and put back again and again, 32 queued moves a request.
 */
describe('long games', () => {
  let s: Server;
  let base: string;
  let eve: string;
  let id: number;
  let pair: string;
  const clients: LiveClient[] = [];
  const queue = async (count: number) => {
    const moveCount = ((await s.call('GET', `/api/games/${id}`)).body as unknown as GameShow).moveCount;
    for (let done = 0; done < count; ) {
      const n = Math.min(32, count - done);
      // Odd moves remove the pair, even ones undo it.
      const moves = Array.from({ length: n }, (_, i) => ((moveCount + done + i) % 2 === 0 ? pair : 'undo'));
      const queued = await s.call('POST', `/api/games/${id}/queue`, { moves }, eve);
      assert.equal(queued.status, 200, queued.body.error);
      done += n;
    }
  };
  const show = async (query = '') => {
    const shown = await s.call('GET', `/api/games/${id}${query}`);
    assert.equal(shown.status, 200, shown.body.error);
    return shown.body as unknown as GameShow;
  };
  const numbers = (shown: GameShow) => shown.moves.map((m) => m.moveNo);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  before(async () => {
    s = await testServer();
    base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    eve = await s.account('eve');
    const made = await s.call('POST', '/api/games', { gameType: 'sigmar', players: ['eve'] }, eve);
    assert.equal(made.status, 201, made.body.error);
    id = made.body.id as number;
    pair = sigmar.formatMove(sigmar.legalMoves(made.body.view as never)[0] as never, made.body.view as never);
    await queue(3 * BACKLOG_PAGE - 10);
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await s.close();
  });

  it('shows the move log a page at a time: the latest by default, any other on request', async () => {
    const total = 3 * BACKLOG_PAGE - 10;
    const latest = await show();
    assert.equal(latest.moveCount, total);
    assert.deepEqual(numbers(latest), range(total - MOVE_PAGE + 1, total));
    assert.equal(latest.movesFrom, total - MOVE_PAGE + 1);
    const first = await show('?from=1&limit=30');
    assert.deepEqual(numbers(first), range(1, 30));
    assert.equal(first.movesFrom, 1);
    // An earlier position comes with the page around it: the moves before it and after it.
    const earlier = await show('?at=120');
    assert.equal(earlier.asOf, 120);
    assert.deepEqual(numbers(earlier), range(121 - MOVE_PAGE / 2, 120 + MOVE_PAGE / 2));
    assert.deepEqual(numbers(await show('?at=0')), range(1, MOVE_PAGE));
    assert.deepEqual(numbers(await show(`?from=${total - 4}`)), range(total - 4, total));
    assert.deepEqual(numbers(await show(`?from=${total + 1}`)), []);
    const tooMany = await s.call('GET', `/api/games/${id}?limit=${MAX_MOVE_PAGE + 1}`);
    assert.equal(tooMany.status, 400);
    assert.match(String(tooMany.body.error), /limit/);
  });

  it('lists a page of moves in the PBeM show command, and says how to see the others', async () => {
    const total = 3 * BACKLOG_PAGE - 10;
    const pbm = async (...args: string[]) => {
      const said = await s.call('POST', '/api/pbm', { args });
      assert.equal(said.body.ok, true, String(said.body.text));
      return String(said.body.text);
    };
    const latest = await pbm('sigmar', 'show', String(id));
    assert.match(latest, new RegExp(`Moves ${total - MOVE_PAGE + 1} to ${total} of ${total} .*-from=move`));
    assert.match(latest, new RegExp(`\\b${total}\\. undo`));
    assert.doesNotMatch(latest, /\b1\. /);
    const first = await pbm('sigmar', 'show', String(id), '-from=1');
    assert.match(first, new RegExp(`Moves 1 to ${MOVE_PAGE} of ${total}`));
    assert.match(first, new RegExp(`\\b1\\. ${pair.replace('+', '\\+')}`));
    // An earlier position comes with the moves around it.
    assert.match(
      await pbm('sigmar', 'show', `${id}#10`),
      new RegExp(`As of move 10 of ${total}:[\\s\\S]*Moves 1 to ${MOVE_PAGE} of ${total}`),
    );
  });

  it('sends a long backlog a page per subscription, every move once, with live moves in between', async () => {
    const watcher = new LiveClient(base, { format: 'json' });
    clients.push(watcher);
    await watcher.opened;
    // Every frame, in the order it came.
    const received: Frame[] = [];
    watcher.onFrame = (frame) => received.push(frame);
    const pages: number[] = [];
    let since = 0;
    let madeLive = false;
    for (;;) {
      const before = received.length;
      watcher.send({ type: 'subscribe', gameId: id, since });
      // A page ends with a `more` frame, or (caught up) with the latest move and its view.
      const last = await watcher.next(
        (f) => f.type === 'more' || (f.type === 'move' && f.view !== undefined),
      );
      pages.push(received.slice(before).filter((f) => f.type === 'move').length);
      if (last.type !== 'more') break;
      since = last.since as number;
      if (!madeLive) {
        // Moves made while the watcher is still catching up reach it in a later page.
        madeLive = true;
        await queue(4);
      }
    }
    const seen = () => received.filter((f) => f.type === 'move').map((f) => f.moveNo as number);
    const total = 3 * BACKLOG_PAGE - 6;
    assert.deepEqual(seen(), range(1, total), 'every move, once, in order');
    assert.ok(pages.length >= 3 && pages.every((n) => n <= BACKLOG_PAGE), `pages of ${pages.join(', ')}`);
    // Caught up, it is live again.
    await queue(1);
    await watcher.next((f) => f.type === 'move' && f.moveNo === total + 1);
    assert.deepEqual(seen(), range(1, total + 1), 'nothing twice');
  });

  it('ends a game that reaches its limit of moves, and takes no move after it', async () => {
    const now = (await show()).moveCount;
    await queue(MAX_MOVES - now - 1);
    assert.equal((await show()).moveCount, MAX_MOVES - 1);
    const last = await s.call('POST', `/api/games/${id}/moves`, { move: 'undo', moveNo: MAX_MOVES }, eve);
    assert.equal(last.status, 200, last.body.error);
    const ended = await s.call('GET', `/api/games/${id}`);
    assert.equal(ended.body.status, 'finished');
    assert.deepEqual(ended.body.outcome, {
      kind: 'loss',
      reason: `the game reached its limit of ${MAX_MOVES} moves`,
    });
    const more = await s.call('POST', `/api/games/${id}/moves`, { move: pair }, eve);
    assert.equal(more.status, 400);
    assert.match(String(more.body.error), /is over/);
  });
});
