/**
 * What `tessera warpweft play` does (./warpweft.ts defines the command): a game of Warp and Weft
 * in the terminal by typed moves.
 */
import { createInterface } from 'node:readline';
import { playText, replay, type Seat } from '../games/game.ts';
import {
  chooseMove,
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
  const history: string[] = [];
  let state = warpweft.setup(options, settings.seed);
  const who = (seat: Seat) =>
    `${warpweft.seatName(state, seat)}${settings.bot === null ? '' : seat === settings.bot ? ' [computer]' : ' [you]'}`;
  const show = () => {
    const standard = warpweft.toText(state);
    const width = Math.max(...standard.split('\n').map((l) => l.length));
    const narrow = process.stdout.isTTY && (process.stdout.columns ?? 80) < width;
    out(settings.compact || narrow ? warpweft.toText(state, { compact: true }) : standard);
    out(`Marks: # ${SIDE_NAMES.warp}, = ${SIDE_NAMES.weft}`);
    const outcome = warpweft.outcome(state);
    if (outcome) {
      out(outcome.kind === 'win' ? `${who(outcome.winner)} wins: ${outcome.reason}.` : outcome.reason);
      return;
    }
    const seat = warpweft.toMove(state) as Seat;
    const mode = state.modes[sideOfSeat(state, seat)] === 'threads' ? 'Threading' : 'Patching';
    out(`Move ${state.ply + 1}: ${who(seat)} to move, ${mode}.`);
  };
  const apply = (text: string): string | null => {
    const next = playText(warpweft, state, text);
    if (!next.ok) return next.error;
    const move = warpweft.parseMove(text, state);
    const seat = warpweft.toMove(state) as Seat;
    history.push(move.ok ? warpweft.formatMove(move.value, state) : text);
    state = next.value;
    out(`${who(seat)} plays ${history.at(-1)}.`);
    return null;
  };
  const botTurn = () => {
    const deadline = performance.now() + settings.thinkMs;
    const move = chooseMove(state, {
      seed: settings.seed + state.ply,
      timeUp: () => performance.now() > deadline,
    });
    apply(warpweft.formatMove(move, state));
  };

  out(HELP);
  while (settings.bot !== null && warpweft.toMove(state) === settings.bot) botTurn();
  show();
  const prompt = () => process.stdout.write('> ');
  if (!warpweft.outcome(state)) prompt();
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
        legalMoves(state)
          .map((m) => warpweft.formatMove(m, state))
          .join(' ') || 'none',
      );
    } else if (input === 'undo') {
      const undone = undo(options, settings, history);
      if (undone) {
        state = undone;
        show();
      } else out('There is nothing of yours to undo.');
    } else if (warpweft.outcome(state)) {
      out('The game is over: type "undo" or "quit".');
    } else {
      const error = apply(input);
      if (error) out(`Illegal move: ${error}`);
      else {
        while (!warpweft.outcome(state) && settings.bot !== null && warpweft.toMove(state) === settings.bot) {
          botTurn();
        }
        show();
      }
    }
    prompt();
  }
  lines.close();
  out('');
}

/** Take back moves until it is the person's turn again, one of their moves fewer. */
function undo(options: WarpWeftOptions, settings: LoopSettings, history: string[]): WarpWeftState | null {
  const rebuild = () => {
    const r = replay(warpweft, options, settings.seed, history);
    if (!r.ok) throw new Error(`history no longer replays: ${r.error}`);
    return r.value;
  };
  // When the computer opens, its first move is not the person's to take back.
  if (history.length <= (settings.bot === 0 ? 1 : 0)) return null;
  history.pop();
  while (settings.bot !== null && history.length > 0 && warpweft.toMove(rebuild()) === settings.bot)
    history.pop();
  return rebuild();
}
