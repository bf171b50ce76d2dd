import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playText, replay } from '../game.ts';
import {
  ownerAt,
  pieceName,
  type WarpWeftOptions,
  type WarpWeftState,
  warpweft,
  winningChain,
} from './index.ts';

const SIZE2: WarpWeftOptions = { size: 2, variant: 'thread' };
const PATCH2: WarpWeftOptions = { size: 2, variant: 'patch' };

function after(options: WarpWeftOptions, moves: string): WarpWeftState {
  const result = replay(warpweft, options, 0, moves.split(' ').filter(Boolean));
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function refusal(state: WarpWeftState, move: string): string {
  const result = playText(warpweft, state, move);
  assert.equal(result.ok, false, `${move} should be refused`);
  return result.ok ? '' : result.error;
}

describe('Warp and Weft rules', () => {
  it('starts with Warp (seat 0) Threading on an empty board of the default size 4', () => {
    const options = warpweft.parseOptions(undefined);
    assert.deepEqual(options, { ok: true, value: { size: 4, variant: 'thread' } });
    const state = warpweft.setup(options.ok ? options.value : SIZE2, 0);
    assert.equal(warpweft.toMove(state), 0);
    assert.equal(warpweft.seatName(state, 0), 'Warp (Vert)');
    assert.equal(warpweft.seatName(state, 1), 'Weft (Horz)');
    assert.deepEqual(state.modes, { warp: 'threads', weft: 'threads' });
    // Warp may claim any of its 32 vertical threads; switching would leave nothing to claim.
    assert.equal(warpweft.legalMoves(state).length, 32);
  });

  it('validates options and names the bad one', () => {
    for (const [input, words] of [
      [{ size: 7 }, 'size'],
      [{ size: 3.5 }, 'size'],
      [{ variant: 'knit' }, 'variant'],
      [{ colour: 'red' }, 'colour'],
      ['big', 'object'],
    ] as const) {
      const r = warpweft.parseOptions(input);
      assert.equal(r.ok, false);
      assert.match(r.ok ? '' : r.error, new RegExp(words));
    }
  });

  it('lets each side claim only unclaimed threads of its own direction while Threading', () => {
    const state = after(SIZE2, 'A7');
    assert.match(refusal(state, 'C5'), /vertical thread and Weft \(Horz\) claims only horizontal/);
    assert.match(refusal(state, 'a6'), /already claimed by Warp/, 'A6 is a cell of the thread A7');
    // A typed move is refused with the command that switches.
    assert.match(refusal(state, 'B6'), /patch and you are Threading \(switch with "patches"\)/);
    const next = after(SIZE2, 'A7 G3');
    assert.match(refusal(next, 'F3'), /already claimed by Weft/, 'F3 is a cell of the thread G3');
  });

  it('lets a Patching player claim only patches touching a thread of their own', () => {
    const state = after(SIZE2, 'A7 G3 patches');
    // Weft is still Threading, so it may not patch yet.
    assert.match(refusal(state, 'F4'), /Threading/);
    const patching = after(SIZE2, 'A7 G3 patches G7');
    assert.match(refusal(patching, 'D4'), /touches none of your threads/);
    assert.match(refusal(patching, 'C1'), /thread and you are Patching/);
    const claimed = after(SIZE2, 'A7 G3 patches G7 B6');
    assert.equal(ownerAt(claimed, claimed.lastMove?.kind === 'place' ? claimed.lastMove.piece : -1), 1);
  });

  it('awards the game to the first side to join its edges through threads and patches', () => {
    const moves = 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3';
    const before = after(SIZE2, moves);
    assert.equal(warpweft.outcome(before), undefined);
    const won = after(SIZE2, `${moves} B2`);
    assert.deepEqual(warpweft.outcome(won), {
      kind: 'win',
      winner: 0,
      reason: 'Warp (Vert) connected their sides',
    });
    assert.equal(warpweft.toMove(won), undefined);
    assert.deepEqual(warpweft.legalMoves(won), []);
    assert.match(refusal(won, 'E5'), /game is over/);
  });

  it('lets Weft win left to right the same way', () => {
    // Weft: A1 (left edge) – B2 – C3 – D4 – E5 – F4 – G3 (right edge).
    const won = after(SIZE2, 'A7 A1 E7 C3 G1 E5 G5 G3 C1 patches A3 B2 E3 D4 C5 F4');
    assert.deepEqual(warpweft.outcome(won), {
      kind: 'win',
      winner: 1,
      reason: 'Weft (Horz) connected their sides',
    });
  });

  it('allows swap only as the second move, and then the swapper plays Warp', () => {
    assert.match(refusal(warpweft.setup(SIZE2, 0), 'swap'), /only as the second move/);
    const swapped = after(SIZE2, 'A7 swap');
    assert.equal(swapped.warpSeat, 1);
    assert.equal(warpweft.seatName(swapped, 1), 'Warp (Vert)');
    // The first player, now Weft, moves next; Warp's thread now belongs to seat 1.
    assert.equal(warpweft.toMove(swapped), 0);
    assert.equal(swapped.turn, 'weft');
    assert.match(refusal(swapped, 'swap'), /only as the second move/);
    assert.match(refusal(after(SIZE2, 'A7 G3'), 'swap'), /only as the second move/);
  });

  it('keeps every game finite: no two switches in a row, and no switch into nothing', () => {
    assert.match(refusal(warpweft.setup(SIZE2, 0), 'patches'), /nothing for you to claim/);
    const switched = after(SIZE2, 'A7 G3 patches G7');
    assert.match(refusal(switched, 'threads'), /switched on your last turn/);
    assert.match(refusal(switched, 'patches'), /already Patching/);
    // After placing, switching back is allowed again.
    assert.ok(playText(warpweft, after(SIZE2, 'A7 G3 patches G7 B6 C7'), 'threads').ok);
  });

  it('makes a player with no valid play lose', () => {
    // Weft switches to Patching with only B2 to claim; Warp takes it; Weft may not switch back.
    const state = after(SIZE2, 'C1 A1 patches patches B2');
    assert.deepEqual(warpweft.outcome(state), {
      kind: 'win',
      winner: 0,
      reason: 'Weft (Horz) has no valid play',
    });
  });

  it("names the winning chain: the fewest of the winner's pieces joining their edges, edge to edge", () => {
    const names = (state: WarpWeftState) => winningChain(state).map((p) => pieceName(p, 2));
    const moves = 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3 B2';
    assert.deepEqual(names(after(SIZE2, moves)), ['A7', 'B6', 'C5', 'B4', 'A3', 'B2', 'C1']);
    assert.deepEqual(names(after(SIZE2, moves.slice(0, -3))), [], 'none before the game is won');
    assert.deepEqual(names(after(SIZE2, 'C1 A1 patches patches B2')), [], 'none when no valid play ends it');
  });

  it('patch-primary: both start Patching, patches anywhere, threads must touch your patch', () => {
    const start = warpweft.setup(PATCH2, 0);
    assert.deepEqual(start.modes, { warp: 'patches', weft: 'patches' });
    assert.equal(warpweft.legalMoves(start).length, 9, 'any of the 9 patches, no switch yet');
    assert.match(refusal(start, 'A7'), /thread and you are Patching/);
    const state = after(PATCH2, 'B6 F2 threads');
    assert.equal(warpweft.toMove(state), 1);
    const threading = after(PATCH2, 'B6 F2 threads D4');
    assert.match(refusal(threading, 'E7'), /touches none of your patches/);
    assert.ok(playText(warpweft, threading, 'A7').ok, 'A7 touches the patch B6');
    assert.ok(playText(warpweft, threading, 'C5').ok, 'C5 touches the patch B6');
  });

  it('rebuilds the same state from the move history', () => {
    const moves = 'A7 swap G3 patches G7 B6'.split(' ');
    const a = replay(warpweft, SIZE2, 0, moves);
    const b = replay(warpweft, SIZE2, 0, moves);
    assert.deepEqual(a, b);
    assert.deepEqual(JSON.parse(JSON.stringify(a)), a, 'states are plain JSON');
    assert.deepEqual(replay(warpweft, SIZE2, 0, ['A7', 'Z9']), {
      ok: false,
      error: 'move 2 (Z9): there is no column Z on a size 2 board (columns A to G)',
    });
  });
});
