import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_CHAT } from '../../../api/index.ts';
import { CHAT_KEPT, lineOfFrame, lineProblem, mergeLines } from './chat.ts';

const line = (id: number, text = `line ${id}`) => ({ id, gameId: 7, user: 'ann', text, at: id });

describe('the chat of a game page', () => {
  it('keeps each line once, in the order written, whether it came by frame, post or page load', () => {
    const loaded = [line(1), line(2)];
    const merged = mergeLines(loaded, [line(4), line(2), line(3)]);
    assert.deepEqual(
      merged.map((l) => l.id),
      [1, 2, 3, 4],
    );
    // Nothing new: the same list, so the page does not draw again.
    assert.equal(mergeLines(merged, [line(3)]), merged);
  });

  it(`keeps the last ${CHAT_KEPT} lines`, () => {
    const many = Array.from({ length: CHAT_KEPT + 5 }, (_, i) => line(i + 1));
    const kept = mergeLines([], many);
    assert.equal(kept.length, CHAT_KEPT);
    assert.equal(kept[0]?.id, 6);
  });

  it('reads a chat frame of this game only', () => {
    const frame = { type: 'chat', gameId: 7, id: 3, user: 'bob', text: 'hi', at: 5 } as const;
    assert.deepEqual(lineOfFrame(frame, 7), { id: 3, gameId: 7, user: 'bob', text: 'hi', at: 5 });
    assert.equal(lineOfFrame(frame, 8), undefined);
    assert.equal(lineOfFrame({ type: 'pong' }, 7), undefined);
  });

  it('says why a line cannot be sent, with the server’s limit', () => {
    assert.equal(lineProblem('   '), 'Write something to send first.');
    assert.equal(lineProblem('x'.repeat(MAX_CHAT)), null);
    assert.equal(
      lineProblem('x'.repeat(MAX_CHAT + 1)),
      `A chat line is 1 to ${MAX_CHAT} characters; this one has ${MAX_CHAT + 1}.`,
    );
  });
});
