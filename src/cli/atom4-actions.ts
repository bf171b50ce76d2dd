/**
 * What `tessera atom4 …` does (./atom4.ts defines the commands): `replay` prints the positions
 * of a move list as JSON lines (or text boards); `play` plays in the terminal client's Atom-4
 * screen (the one `tessera play` offers), or one command per line without a terminal.
 */
import { createInterface } from 'node:readline';
import { createLocalSession, type LocalSession } from '../engine/index.ts';
import {
  type Atom4Options,
  type Atom4State,
  atom4,
  boardRows,
  boardText,
  isGameOver,
  MAX_LEVEL,
  MAX_ROUNDS,
  parseMove,
  placementError,
  play,
  playerToMove,
  roundState,
  statusLine,
} from '../games/atom4/index.ts';
import { Atom4AiWorker } from '../workers/index.ts';
import { exitCodeOnCtrlC } from './ctrl-c.ts';
import { choiceOption, intOption, UsageError } from './usage.ts';

export interface ReplayFlags {
  moves: string;
  round: string;
  json?: boolean;
}

export interface PlayFlags {
  ai?: string;
  level: string;
  rounds: string;
  seed: string;
}

export function replayCommand(flags: ReplayFlags): void {
  const round = intOption('--round', flags.round, 1, 1_000_000);
  process.exitCode = replay(
    flags.moves,
    round,
    flags.json === true,
    (line) => process.stdout.write(`${line}\n`),
    (line) => process.stderr.write(`tessera: ${line}\n`),
  );
}

export async function playCommand(flags: PlayFlags): Promise<void> {
  const ai = flags.ai === undefined ? null : Number(choiceOption('--ai', flags.ai, ['1', '2'] as const));
  const level = intOption('--level', flags.level, 0, MAX_LEVEL);
  const rounds = intOption('--rounds', flags.rounds, 1, MAX_ROUNDS);
  const seed = intOption('--seed', flags.seed, 0, 2 ** 32 - 1);
  const options = atom4.parseOptions({
    rounds,
    computer: [ai === 1 ? level : null, ai === 2 ? level : null],
  });
  if (!options.ok) throw new UsageError(options.error);
  const settings = { options: options.value, ai: ai as 1 | 2 | null, level, seed };
  if (process.stdin.isTTY && process.stdout.isTTY) await playScreen(settings);
  else await playLines(settings);
}

/**
 * Replays `moves` from round `round`'s opening, writing one line (JSON) or board per ply.
 * Returns the exit status: 0, or 1 after an illegal or unreadable move (reported on stderr).
 */
export function replay(
  moves: string,
  round: number,
  json: boolean,
  write: (line: string) => void,
  complain: (line: string) => void,
): number {
  const options: Atom4Options = { rounds: round, computer: [null, null] };
  let state = roundState(options, round, [0, 0]);
  const words = moves.trim() === '' ? [] : moves.trim().split(/\s+/);
  for (const [k, word] of words.entries()) {
    const move = parseMove(word);
    const fault = !move.ok
      ? move.error
      : move.value.kind === 'next'
        ? '"next" is not a placement; replay covers one round'
        : null;
    const next = move.ok && fault === null ? play(state, move.value) : null;
    if (fault !== null || next === null || !next.ok) {
      const why = fault ?? (next && !next.ok ? next.error : 'unknown');
      complain(`move ${k + 1} (${word}) is illegal: ${why}`);
      return 1;
    }
    const player = playerToMove(state);
    state = next.value;
    const at = state.lastMove as { x: number; y: number };
    if (json) {
      write(
        JSON.stringify({
          ply: k + 1,
          player,
          move: [at.x, at.y],
          board: boardRows(state.cells),
          winner: state.roundResult,
        }),
      );
    } else {
      write(`Player ${player} moves (${at.x},${at.y})`);
      write(boardText(state));
      write('');
    }
  }
  return 0;
}

interface PlaySettings {
  readonly options: Atom4Options;
  readonly ai: 1 | 2 | null;
  readonly level: number;
  readonly seed: number;
}

/**
 * Shared game flow for both front ends: the local session (the one authority on memory) plays the
 * moves and asks the computer; this keeps the messages and holds the computer between rounds, so
 * a finished round stays on screen until someone presses n.
 */
class Session {
  /** Everything said so far; the screen shows the latest line, line mode prints each once. */
  readonly log: string[] = [];
  readonly settings: PlaySettings;
  readonly local: LocalSession;
  private readonly worker: Atom4AiWorker | null;
  private readonly changed: () => void;

  constructor(settings: PlaySettings, changed: () => void) {
    this.settings = settings;
    this.changed = changed;
    const worker = settings.ai === null ? null : new Atom4AiWorker();
    this.worker = worker;
    const made = createLocalSession({
      game: atom4,
      options: settings.options,
      seed: settings.seed,
      seats: [1, 2].map((player) => (player === settings.ai ? 'computer' : 'person')),
      computer: worker
        ? async ({ state }) => {
            const position = state as Atom4State;
            const seed = settings.seed + position.round * 1000 + position.ply;
            return (await worker.choose({ state: position, level: settings.level, seed })).move;
          }
        : undefined,
      // The front end starts the computer once it is drawn (afterMove).
      paused: true,
    });
    if (!made.ok) throw new Error(made.error);
    this.local = made.value;
    this.local.subscribe((event) => {
      if (event.kind === 'move') {
        const state = this.state;
        if (event.move.text === 'next')
          this.say(`Round ${state.round}: Player ${playerToMove(state)} starts`);
        else {
          this.say(`Player ${event.move.seat + 1} moves (${event.move.text})`);
          if (state.roundResult !== null) {
            this.say(statusLine(state));
            this.local.pause();
          }
        }
      }
      if (event.kind === 'computer-failed') this.say(`The computer failed: ${event.error}`);
      changed();
    });
  }

  get state(): Atom4State {
    return this.local.view().state as Atom4State;
  }

  get thinking(): boolean {
    return this.local.view().thinking;
  }

  get message(): string {
    return this.log.at(-1) ?? '';
  }

  say(text: string): void {
    this.log.push(text);
  }

  isComputer(player: 1 | 2): boolean {
    return this.settings.ai === player;
  }

  roundOver(): boolean {
    return this.state.roundResult !== null;
  }

  /** Places the current piece at (x, y) for a person; false with a message if it cannot. */
  place(x: number, y: number): boolean {
    if (this.roundOver()) {
      this.say(isGameOver(this.state) ? 'The game is over: press q to quit' : 'Press n for the next round');
      return false;
    }
    if (this.isComputer(playerToMove(this.state))) {
      this.say("It's not your turn to move");
      return false;
    }
    const why = placementError(this.state, x, y);
    if (why) {
      this.say(`You can't put a marble here: ${why}`);
      return false;
    }
    void this.local.playMove({ kind: 'place', x, y });
    return true;
  }

  /** Starts the next round: the computer says "next" itself when it opens the round. */
  nextRound(): boolean {
    if (!this.roundOver()) return false;
    if (isGameOver(this.state)) {
      this.say('That was the last round: press q to quit');
      return false;
    }
    const opener = this.local.view().toMove;
    if (opener !== undefined && this.isComputer((opener + 1) as 1 | 2)) this.local.resume();
    else void this.local.playMove({ kind: 'next' });
    return true;
  }

  /** Shows the position and lets the computer move when it is to move; its move arrives later. */
  afterMove(): void {
    this.changed();
    this.local.resume();
  }

  async close(): Promise<void> {
    this.local.pause();
    await this.worker?.close();
  }
}

// ───────────────────────── full-screen terminal ─────────────────────────

/** The terminal client's Atom-4 screen (the menu's), then the score. */
async function playScreen(settings: PlaySettings): Promise<void> {
  const { runAtom4 } = await import('../tui/index.ts');
  exitCodeOnCtrlC(process.stdin);
  const last = await runAtom4({
    computer: settings.ai === null ? null : ((settings.ai - 1) as 0 | 1),
    level: settings.level,
    rounds: settings.options.rounds,
    seed: settings.seed,
  });
  if (!last) return;
  const [one, two] = last.scores;
  process.stdout.write(`Atom-4: Player 1 ${one}, Player 2 ${two} after ${last.round} round(s).\n`);
}

// ───────────────────────── line mode (no terminal) ─────────────────────────

/**
 * Without a terminal (a pipe or a script) `play` reads one command per line: `x,y` places,
 * `n` starts the next round, `q` quits; it prints the plain board after every change.
 */
async function playLines(settings: PlaySettings): Promise<void> {
  const out = (text: string) => process.stdout.write(`${text}\n`);
  const session = new Session(settings, () => {});
  const settle = () => session.local.settled();
  let shown = 0;
  const show = () => {
    for (; shown < session.log.length; shown++) out(session.log[shown] as string);
    out(boardText(session.state));
  };
  session.afterMove();
  await settle();
  show();
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    const input = line.trim().toLowerCase();
    if (input === '') continue;
    if (input === 'q' || input === 'quit') break;
    if (input === 'n' || input === 'next') {
      if (!session.nextRound() && !session.roundOver()) session.say('The round is still being played');
    } else {
      const move = parseMove(input);
      if (!move.ok) session.say(move.error);
      else if (move.value.kind === 'place') session.place(move.value.x, move.value.y);
    }
    await settle();
    show();
    if (isGameOver(session.state)) break;
  }
  lines.close();
  await session.close();
}
