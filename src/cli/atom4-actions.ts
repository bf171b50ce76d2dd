/**
 * What `tessera atom4 …` does (./atom4.ts defines the commands): `replay` prints the positions
 * of a move list as JSON lines (or text boards); `play` plays in the terminal with the original's
 * keys and look: the board drawn with `()` per cell, arrow keys, Enter/Space to place, `n` for
 * the next round, `q` to quit.
 */
import { createInterface, emitKeypressEvents } from 'node:readline';
import { createLocalSession, type LocalSession } from '../engine/index.ts';
import {
  type Atom4Options,
  type Atom4State,
  atom4,
  boardRows,
  boardText,
  COLOUR_LETTERS,
  COLOUR_NAMES,
  cellIndex,
  EMPTY,
  isGameOver,
  MAX_LEVEL,
  MAX_ROUNDS,
  parseMove,
  pieceToPlay,
  placementError,
  play,
  playerToMove,
  roundState,
  statusLine,
} from '../games/atom4/index.ts';
import { Atom4AiWorker } from '../workers/index.ts';
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

const ESC = '\x1b[';
/** Piece colours: bright foreground; black as bold dark grey so it shows on a dark screen. */
const SGR = ['1;30', '1;31', '1;32', '1;33', '1;34', '1;35', '1;36', '1;37'];
const BOARD_WIDTH = 35;

function playScreen(settings: PlaySettings): Promise<void> {
  const colour = !process.env.NO_COLOR;
  const out = process.stdout;
  const stdin = process.stdin;
  let cursor = { x: 8, y: 8 };
  let confirmQuit = false;
  const paint = (code: string, text: string) => (colour ? `${ESC}${code}m${text}${ESC}0m` : text);

  const draw = () => {
    const s = session.state;
    const lines: string[] = [];
    lines.push(`+${'-'.repeat(BOARD_WIDTH - 2)}+`);
    const rows = boardRows(s.cells);
    for (let y = 0; y < 16; y++) {
      let line = '|';
      if (y % 2 === 1) line += ' ';
      for (let x = 0; x < 16; x++) {
        const c = s.cells[cellIndex(x, y)] as number;
        const last = s.lastMove && s.lastMove.x === x && s.lastMove.y === y;
        if (c === EMPTY) line += colour ? paint('2', '. ') : '. ';
        else if (colour) line += paint(last ? `${SGR[c]};4` : (SGR[c] as string), '()');
        else line += `${(rows[y] as string)[x]} `;
      }
      if (y % 2 === 0) line += ' ';
      lines.push(`${line}|`);
    }
    lines.push(`+${'-'.repeat(BOARD_WIDTH - 2)}+`);
    const panel = panelLines(s);
    const screen = lines.map((l, k) => `${l}  ${panel[k] ?? ''}`);
    screen.push('', confirmQuit ? 'Really quit? (y/n)' : session.message);
    const cursorRow = 2 + cursor.y;
    const cursorColumn = 2 + 2 * cursor.x + (cursor.y % 2);
    out.write(
      `${ESC}H${screen.map((l) => `${l}${ESC}K`).join('\r\n')}${ESC}J${ESC}${cursorRow};${cursorColumn}H`,
    );
  };

  const panelLines = (s: Atom4State): string[] => {
    const who = (p: 1 | 2) => (settings.ai === null ? '' : session.isComputer(p) ? ' (computer)' : ' (you)');
    const goal = (p: 1 | 2) =>
      p === 1 ? paint(SGR[7] as string, 'whites') : paint(SGR[0] as string, 'blacks');
    const lines = [
      'ATOM-4',
      '',
      `Round ${s.round}${s.options.rounds < MAX_ROUNDS ? ` of ${s.options.rounds}` : ''}`,
      `Player 1${who(1)}: ${s.scores[0]}  lines up ${goal(1)}`,
      `Player 2${who(2)}: ${s.scores[1]}  lines up ${goal(2)}`,
      '',
    ];
    if (s.roundResult === null) {
      const p = playerToMove(s);
      const piece = pieceToPlay(s);
      lines.push(`Player ${p} to move${session.thinking ? ' (thinking...)' : ''}`);
      const mark = colour ? paint(SGR[piece] as string, '()') : (COLOUR_LETTERS[piece] as string);
      lines.push(`Piece: ${mark} ${COLOUR_NAMES[piece]}`);
    } else if (s.roundResult === 'stalemate') {
      lines.push('STALEMATE', 'no more moves left');
    } else {
      lines.push(`Player ${s.roundResult}`, paint('1;5', '!!! WINNER !!!'));
    }
    lines.push(
      '',
      'arrows   move the cursor',
      'Enter    place (also Space)',
      isGameOver(s) ? 'q        quit' : 'n        next round (after a win)',
      isGameOver(s) ? '' : 'q        quit',
    );
    if (!colour) lines.push('', 'a black  b red  c green', 'd yellow e blue f purple', 'g cyan   h white');
    return lines;
  };

  const session = new Session(settings, () => draw());
  return new Promise((resolve) => {
    const finish = async () => {
      stdin.off('keypress', onKey);
      stdin.setRawMode(false);
      stdin.pause();
      out.write(`${ESC}?1049l`);
      await session.close();
      const [one, two] = session.state.scores;
      out.write(`Atom-4: Player 1 ${one}, Player 2 ${two} after ${session.state.round} round(s).\n`);
      resolve();
    };
    const onKey = (text: string | undefined, key: { name?: string; ctrl?: boolean } | undefined) => {
      const name = key?.name ?? text ?? '';
      if (key?.ctrl && name === 'c') {
        // Ended by Ctrl-C, as by the signal: 128 + SIGINT.
        process.exitCode = 130;
        void finish();
        return;
      }
      if (confirmQuit) {
        confirmQuit = false;
        if (name === 'y') {
          void finish();
          return;
        }
        draw();
        return;
      }
      switch (name) {
        case 'up':
          cursor = { x: cursor.x, y: Math.max(0, cursor.y - 1) };
          break;
        case 'down':
          cursor = { x: cursor.x, y: Math.min(15, cursor.y + 1) };
          break;
        case 'left':
          cursor = { x: Math.max(0, cursor.x - 1), y: cursor.y };
          break;
        case 'right':
          cursor = { x: Math.min(15, cursor.x + 1), y: cursor.y };
          break;
        case 'return':
        case 'enter':
        case 'space':
          session.place(cursor.x, cursor.y);
          break;
        case 'n':
          if (!session.nextRound()) {
            if (!session.roundOver()) session.say('The round is still being played');
          } else cursor = { x: 8, y: 8 };
          break;
        case 'q':
          if (session.roundOver()) {
            void finish();
            return;
          }
          confirmQuit = true;
          break;
        default:
          return;
      }
      draw();
    };
    emitKeypressEvents(stdin);
    stdin.setRawMode(true);
    stdin.resume();
    out.write(`${ESC}?1049h${ESC}2J`);
    stdin.on('keypress', onKey);
    session.afterMove();
  });
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
