import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Key } from 'ink';
import { onlineEntries, TUI_GAMES } from '../games.ts';
import {
  type ChallengeState,
  challengeKey,
  challengeRequest,
  INITIAL_CHALLENGE,
  settingValue,
  timeLimitOf,
} from './challenge-state.ts';

const games = onlineEntries(TUI_GAMES);
const key = (pressed: Partial<Key> = {}) => pressed as Key;

/** The state after a run of keys, each [input, key]. */
function press(...keys: [string, Partial<Key>?][]): ChallengeState {
  let state = INITIAL_CHALLENGE;
  for (const [input, pressed] of keys) {
    const step = challengeKey(state, input, key(pressed), games);
    assert.ok(step && typeof step === 'object', `${JSON.stringify([input, pressed])} changes the form`);
    state = step.state;
  }
  return state;
}

describe('the challenge form', () => {
  it('challenges the computer at the first game with its default settings', () => {
    const request = challengeRequest(INITIAL_CHALLENGE, 'ann', games);
    assert.deepEqual(request, {
      ok: true,
      them: 'computer',
      body: { gameType: 'warpweft', players: ['ann', 'computer'], options: { size: 4, variant: 'thread' } },
    });
  });

  it('changes the game on the first row, wrapping round, and keeps each game’s settings apart', () => {
    const atom4 = press(['', { rightArrow: true }]);
    assert.equal(games[atom4.gameIndex]?.id, 'atom4');
    assert.equal(games[press(['', { leftArrow: true }]).gameIndex]?.id, 'atom4');
    const sevenRounds = press(
      ['', { rightArrow: true }],
      ['', { downArrow: true }],
      ['', { downArrow: true }],
      ['', { leftArrow: true }],
    );
    assert.equal(settingValue(sevenRounds, games, { label: 'Rounds', values: ['1', '3', '5', '7'] }), '7');
    const request = challengeRequest(sevenRounds, 'ann', games);
    assert.ok(request.ok);
    assert.deepEqual(request.body.options, { rounds: 7 });
    const back = challengeRequest({ ...sevenRounds, gameIndex: 0 }, 'ann', games);
    assert.ok(back.ok);
    assert.deepEqual(back.body.options, { size: 4, variant: 'thread' });
  });

  it('types the opponent on the second row, trimmed and in lower case', () => {
    const typed = press(['', { downArrow: true }], ['u', { ctrl: true }], ['Bob '], ['q']);
    assert.equal(typed.opponent, 'Bob q');
    const request = challengeRequest({ ...typed, opponent: ' Bob ' }, 'ann', games);
    assert.ok(request.ok);
    assert.deepEqual(request.body.players, ['ann', 'bob']);
    assert.deepEqual(challengeRequest({ ...typed, opponent: '  ' }, 'ann', games), {
      ok: false,
      message: 'Name an opponent: a user id, or computer.',
    });
  });

  it('picks settings with left and right, and moves between rows round the form', () => {
    const size3 = press(['', { downArrow: true }], ['', { downArrow: true }], ['', { leftArrow: true }]);
    assert.equal(settingValue(size3, games, { label: 'Size', values: ['4', '5', '6', '2', '3'] }), '3');
    assert.equal(
      press(['', { upArrow: true }]).row,
      4,
      'up from the game goes to the last row, the time limit',
    );
    assert.equal(press(['', { tab: true }]).row, 1);
    assert.equal(press(['', { tab: true, shift: true }]).row, 4);
  });

  it('sends on Enter, leaves on Esc, and on q except while typing a name', () => {
    assert.equal(challengeKey(INITIAL_CHALLENGE, '', key({ return: true }), games), 'submit');
    assert.equal(challengeKey(INITIAL_CHALLENGE, '', key({ escape: true }), games), 'cancel');
    assert.equal(challengeKey(INITIAL_CHALLENGE, 'q', key(), games), 'cancel');
    assert.equal(challengeKey({ ...INITIAL_CHALLENGE, row: 2 }, 'q', key(), games), 'cancel');
    assert.equal(challengeKey({ ...INITIAL_CHALLENGE, row: 0 }, 'x', key(), games), null);
    assert.equal(challengeKey({ ...INITIAL_CHALLENGE, row: 1 }, '', key({ leftArrow: true }), games), null);
  });
});

describe('the challenge form: time limit', () => {
  it('offers a time limit after the settings and sends it with the challenge', () => {
    const game = games[0] as (typeof games)[number];
    const timeRow = 2 + game.settings.length;
    const down = (s: typeof INITIAL_CHALLENGE) =>
      (challengeKey(s, '', key({ downArrow: true }), games) as { state: typeof INITIAL_CHALLENGE }).state;
    let state = INITIAL_CHALLENGE;
    for (let i = 0; i < timeRow; i++) state = down(state);
    assert.equal(state.row, timeRow);
    const plain = challengeRequest(state, 'ann', games);
    assert.ok(plain.ok && plain.body.timeControl === undefined);
    for (let i = 0; i < 3; i++)
      state = (
        challengeKey(state, '', key({ rightArrow: true }), games) as { state: typeof INITIAL_CHALLENGE }
      ).state;
    assert.equal(timeLimitOf(state), '3d');
    const timed = challengeRequest(state, 'ann', games);
    assert.ok(timed.ok && timed.body.timeControl === '3d');
    // Past the time limit the rows wrap round to the game.
    assert.equal(down(state).row, 0);
  });
});
