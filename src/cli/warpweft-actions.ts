/**
 * What `tessera warpweft play` does (./warpweft.ts defines the command): a game of Warp and Weft
 * in the terminal by typed moves.
 */
import { createInterface } from 'node:readline';
import { createLocalSession, inPlaceComputer } from '../engine/index.ts';
import type { Seat } from '../games/game.ts';
import {
  legalMoves,
  SIDE_NAMES,
  sideOfSeat,
  type WarpWeftOptions,
  type WarpWeftState,
  warpweft,
} from '../games/warpweft/index.ts';
import { choiceOption, intOption, UsageError } from './usage.ts';

export interface PlayFlags {
  size: string;
  variant: string;
  vs: string;
  you: string;
  think: string;
  seed: string;
  compact?: boolean;
}

const HELP = `Moves: a coordinate such as L11 (any cell of a thread or patch names it),
"threads" or "patches" to switch state, "swap" (second player, second move only).
Commands: "moves" lists your legal moves, "undo" takes back your last move, "help", "quit".`;

export async function playCommand(flags: PlayFlags): Promise<void> {
  const options = warpweft.parseOptions({
    size: intOption('--size', flags.size, 2, 6),
    variant: choiceOption('--variant', flags.variant, ['thread', 'patch'] as const),
  });
  if (!options.ok) throw new UsageError(options.error);
  await playLoop(options.value, {
    bot:
      choiceOption('--vs', flags.vs, ['bot', 'human'] as const) === 'bot'
        ? choiceOption('--you', flags.you, ['first', 'second'] as const) === 'first'
          ? 1
          : 0
        : null,
    thinkMs: intOption('--think', flags.think, 10, 600_000),
    seed: intOption('--seed', flags.seed, 0, 2 ** 32 - 1),
    compact: flags.compact === true,
  });
}

interface LoopSettings {
  /** The seat the computer plays, or null for two people at one keyboard. */
  readonly bot: Seat | null;
  readonly thinkMs: number;
  readonly seed: number;
  readonly compact: boolean;
}

async function playLoop(options: WarpWeftOptions, settings: LoopSettings): Promise<void> {
  const out = (text: string) => process.stdout.write(`${text}\n`);
  const made = createLocalSession({
    game: warpweft,
    options,
    seed: settings.seed,
    seats: [0, 1].map((seat) => (seat === settings.bot ? 'computer' : 'person')),
    // The command line waits for the computer anyway, so it thinks on this thread.
    computer: inPlaceComputer(warpweft, {
      thinkMs: settings.thinkMs,
      now: () => performance.now(),
      seed: (state) => settings.seed + (state as WarpWeftState).ply,
    }),
  });
  if (!made.ok) throw new Error(made.error);
  const session = made.value;
  const state = () => session.view().state as WarpWeftState;
  /** The position a move was played in: seat names follow the sides, which a swap exchanges. */
  let before = state();
  const who = (seat: Seat, position = state()) =>
    `${warpweft.seatName(position, seat)}${settings.bot === null ? '' : seat === settings.bot ? ' [computer]' : ' [you]'}`;
  session.subscribe((event) => {
    if (event.kind === 'move') out(`${who(event.move.seat, before)} plays ${event.move.text}.`);
    if (event.kind === 'computer-failed') out(`The computer failed: ${event.error}`);
    before = state();
  });
  const show = () => {
    const standard = warpweft.toText(state());
    const width = Math.max(...standard.split('\n').map((l) => l.length));
    const narrow = process.stdout.isTTY && (process.stdout.columns ?? 80) < width;
    out(settings.compact || narrow ? warpweft.toText(state(), { compact: true }) : standard);
    out(`Marks: # ${SIDE_NAMES.warp}, = ${SIDE_NAMES.weft}`);
    const outcome = session.view().outcome;
    if (outcome) {
      out(outcome.kind === 'win' ? `${who(outcome.winner)} wins: ${outcome.reason}.` : outcome.reason);
      return;
    }
    const seat = session.view().toMove as Seat;
    const mode = state().modes[sideOfSeat(state(), seat)] === 'threads' ? 'Threading' : 'Patching';
    out(`Move ${state().ply + 1}: ${who(seat)} to move, ${mode}.`);
  };

  out(HELP);
  await session.settled();
  show();
  const prompt = () => process.stdout.write('> ');
  if (!session.view().outcome) prompt();
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    const input = line.trim().toLowerCase();
    if (input === 'quit' || input === 'exit') break;
    if (input === '') {
      // nothing typed
    } else if (input === 'help') {
      out(HELP);
    } else if (input === 'moves') {
      out(
        legalMoves(state())
          .map((m) => warpweft.formatMove(m, state()))
          .join(' ') || 'none',
      );
    } else if (input === 'undo') {
      if ((await session.undo()).ok) show();
      else out('There is nothing of yours to undo.');
    } else if (session.view().outcome) {
      out('The game is over: type "undo" or "quit".');
    } else {
      const played = await session.playText(input);
      if (!played.ok) out(`Illegal move: ${played.error}`);
      else {
        await session.settled();
        show();
      }
    }
    prompt();
  }
  lines.close();
  session.pause();
  out('');
}
