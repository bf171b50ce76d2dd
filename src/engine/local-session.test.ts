import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnyGame } from '../games/game.ts';
import { sigmar } from '../games/sigmar/index.ts';
import { warpweft } from '../games/warpweft/index.ts';
import {
  type Computer,
  createLocalSession,
  inPlaceComputer,
  type LocalConfig,
  type LocalEvent,
} from './local-session.ts';

/** A computer that plays the first legal move at once. */
const firstLegal: Computer = async ({ state }) => (warpweft as AnyGame).legalMoves(state)[0];

function start(config: Partial<LocalConfig> & Pick<LocalConfig, 'seats'>) {
  const made = createLocalSession({ game: warpweft, options: { size: 2 }, ...config });
  assert.ok(made.ok, made.ok ? '' : made.error);
  const session = made.value;
  const events: LocalEvent[] = [];
  session.subscribe((e) => events.push(e));
  return { session, events };
}

const texts = (session: ReturnType<typeof start>['session']) => session.view().moves.map((m) => m.text);

// A game between two people that Warp wins on the last move (as in the command line's test).
const WIN = 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3 B2'.split(' ');

describe('a local session', () => {
  it('plays moves between two people through the authority, and refuses an illegal one in the rules’ words', async () => {
    const { session, events } = start({ seats: ['person', 'person'] });
    assert.equal(session.view().toMove, 0, 'the first position is there at once');
    const first = await session.playText('a7');
    assert.ok(first.ok);
    assert.equal(first.value.text, 'A7', 'moves are kept in canonical notation');
    assert.equal(session.view().toMove, 1);
    const refused = await session.playText('A7');
    assert.deepEqual(refused, {
      ok: false,
      error: 'you cannot claim that piece: it is already claimed by Warp (Vert)',
    });
    const nonsense = await session.playText('Q1');
    assert.equal(nonsense.ok, false);
    assert.match(nonsense.ok ? '' : nonsense.error, /no column Q/);
    assert.deepEqual(texts(session), ['A7']);
    assert.deepEqual(
      events.map((e) => e.kind),
      ['move'],
    );
  });

  it('ends the game on the winning move, refuses moves after it, and undoes it', async () => {
    const { session } = start({ seats: ['person', 'person'] });
    for (const move of WIN) assert.ok((await session.playText(move)).ok, move);
    const over = session.view();
    assert.equal(over.toMove, undefined);
    assert.deepEqual(over.outcome, { kind: 'win', winner: 0, reason: 'Warp (Vert) connected their sides' });
    assert.deepEqual(await session.playText('G1'), { ok: false, error: 'the game is over' });
    assert.deepEqual(await session.undo(), { ok: true, value: 1 }, 'between people, one move');
    assert.equal(session.view().outcome, null);
    assert.equal(session.view().toMove, 0);
    assert.equal(session.view().moves.length, WIN.length - 1);
    assert.ok((await session.playText('B2')).ok, 'the winning move again');
    assert.equal(session.view().outcome?.kind, 'win');
  });

  it('lets the computer reply, and undo takes back its reply with the move it answered', async () => {
    const { session, events } = start({ seats: ['person', 'computer'], computer: firstLegal });
    assert.deepEqual(await session.undo(), { ok: false, error: 'there is no move of yours to take back' });
    assert.ok((await session.playText('A7')).ok);
    await session.settled();
    assert.equal(texts(session).length, 2, 'the computer replied');
    assert.deepEqual(
      events.filter((e) => e.kind === 'move').map((e) => e.kind === 'move' && e.by),
      ['person', 'computer'],
    );
    assert.equal(session.view().toMove, 0);
    assert.equal(session.view().canUndo, true);
    assert.deepEqual(await session.undo(), { ok: true, value: 2 });
    assert.deepEqual(texts(session), []);
    assert.equal(session.view().canUndo, false);
    assert.ok((await session.playText('C5')).ok, 'a different move from the same position');
    await session.settled();
    assert.equal(texts(session)[0], 'C5');
  });

  it('never takes back the computer’s opening, and refuses a person’s move on the computer’s turn', async () => {
    let release: (move: string) => void = () => {};
    const computer: Computer = () => new Promise((resolve) => (release = resolve));
    const { session } = start({ seats: ['computer', 'person'], computer });
    await new Promise((r) => setImmediate(r));
    assert.equal(session.view().thinking, true);
    const early = await session.playText('A7');
    assert.deepEqual(early, { ok: false, error: 'it is not your turn: the computer is to move' });
    release('A7');
    await session.settled();
    assert.deepEqual(texts(session), ['A7']);
    assert.equal(session.view().canUndo, false);
    assert.equal((await session.undo()).ok, false);
  });

  it('drops the computer’s answer once an undo has taken back the move it was answering', async () => {
    const answers: ((move: string) => void)[] = [];
    const computer: Computer = () => new Promise((resolve) => answers.push(resolve));
    const { session } = start({ seats: ['person', 'computer'], computer });
    await session.playText('A7');
    assert.equal(session.view().thinking, true);
    assert.deepEqual(await session.undo(), { ok: true, value: 1 });
    assert.equal(session.view().thinking, false);
    answers[0]?.('G3');
    await session.settled();
    assert.deepEqual(texts(session), [], 'the late answer was not played');
  });

  it('holds the computer while paused and lets it move on resume', async () => {
    const { session } = start({ seats: ['person', 'computer'], computer: firstLegal, paused: true });
    await session.playText('A7');
    await session.settled();
    assert.equal(texts(session).length, 1);
    session.resume();
    await session.settled();
    assert.equal(texts(session).length, 2);
  });

  it('keeps the computer in a held position until a person lets it go on', async () => {
    // Held when the computer is to make the game's fourth move.
    const holdAt = (state: unknown) => (state as { ply: number }).ply === 3;
    const { session } = start({ seats: ['person', 'computer'], computer: firstLegal, holdAt });
    await session.playText('A7');
    await session.settled();
    await session.playText('C5');
    await session.settled();
    assert.equal(texts(session).length, 3, 'the computer waits');
    assert.equal(session.view().held, true);
    assert.equal(session.view().thinking, false);
    session.proceed();
    await session.settled();
    assert.equal(texts(session).length, 4, 'and moves once told to');
    assert.equal(session.view().held, false);
  });

  it('starts from moves already played, up to the first the rules refuse, and undoes them', async () => {
    const { session, events } = start({ seats: ['person', 'person'], moves: WIN.slice(0, 5) });
    await session.settled();
    assert.deepEqual(texts(session), WIN.slice(0, 5));
    assert.equal(session.view().toMove, 1);
    assert.deepEqual(events, [{ kind: 'restored', moves: 5 }]);
    assert.deepEqual(await session.undo(), { ok: true, value: 1 });
    assert.deepEqual(texts(session), WIN.slice(0, 4));
    const broken = start({ seats: ['person', 'person'], moves: ['A7', 'Z9', 'G3'] });
    await broken.session.settled();
    assert.deepEqual(texts(broken.session), ['A7']);
    // Against the computer, a restored game whose turn is the computer's goes on from there.
    const against = start({ seats: ['person', 'computer'], computer: firstLegal, moves: ['A7'] });
    await against.session.settled();
    assert.equal(texts(against.session).length, 2);
  });

  it('says what is wrong with options or seats that do not fit the game', () => {
    const badSize = createLocalSession({ game: warpweft, options: { size: 9 }, seats: ['person', 'person'] });
    assert.match(badSize.ok ? '' : badSize.error, /size/);
    const solo = createLocalSession({ game: warpweft, seats: ['person'] });
    assert.match(solo.ok ? '' : solo.error, /needs 2 seats/);
    const noAi = createLocalSession({ game: warpweft, seats: ['person', 'computer'] });
    assert.match(noAi.ok ? '' : noAi.error, /computer player/);
  });

  it('reports a computer that fails or cheats, without playing for it', async () => {
    const broken = start({
      seats: ['person', 'computer'],
      computer: async () => {
        throw new Error('out of memory');
      },
    });
    await broken.session.playText('A7');
    await broken.session.settled();
    assert.deepEqual(broken.events.at(-1), { kind: 'computer-failed', error: 'out of memory' });
    const cheat = start({ seats: ['person', 'computer'], computer: async () => 'A7' });
    await cheat.session.playText('A7');
    await cheat.session.settled();
    const last = cheat.events.at(-1);
    assert.equal(last?.kind, 'computer-failed');
    assert.match(last?.kind === 'computer-failed' ? last.error : '', /illegal move A7/);
    assert.deepEqual(texts(cheat.session), ['A7']);
  });

  it('plays the game’s own AI in place on the caller’s clock, to the end of the game', async () => {
    let clock = 0;
    const computer = inPlaceComputer(warpweft, { thinkMs: 50, now: () => clock++, seed: () => 1 });
    const { session } = start({ seats: ['computer', 'computer'], computer });
    await session.settled();
    const { outcome, moves } = session.view();
    assert.equal(outcome?.kind, 'win', 'two computers play a small board to its end');
    assert.ok(moves.length >= 4);
    assert.equal(session.view().canUndo, false, 'no person has a move to take back');
    assert.throws(
      () => inPlaceComputer({ ...warpweft, ai: undefined }, { thinkMs: 1, now: () => 0, seed: () => 0 }),
      /no computer player/,
    );
  });

  it('plays a solo game, where undo takes back one move', async () => {
    const made = createLocalSession({ game: sigmar, options: {}, seed: 3, seats: ['person'] });
    assert.ok(made.ok);
    const session = made.value;
    const first = sigmar.legalMoves(session.view().state as never)[0];
    assert.ok((await session.playMove(first)).ok);
    assert.equal(session.view().moves.length, 1);
    assert.equal(session.view().toMove, 0);
    assert.deepEqual(await session.undo(), { ok: true, value: 1 });
    assert.equal(session.view().moves.length, 0);
  });
});
