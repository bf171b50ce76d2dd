/** Drive a real terminal program in tmux: start it, send keys, read the screen. */
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export class TmuxSession {
  readonly name: string;

  constructor(
    command: string,
    options: { width?: number; height?: number; env?: Record<string, string> } = {},
  ) {
    this.name = `tessera-test-${process.pid}-${Math.floor(Math.random() * 1e9)}`;
    const env = Object.entries(options.env ?? {})
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(' ');
    // When the program ends the pane says so, and stays open to be read.
    const script = `${env} ${command}; echo "[exited $?]"; sleep 600`;
    execFileSync('tmux', [
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      String(options.width ?? 80),
      '-y',
      String(options.height ?? 24),
      'bash',
      '-c',
      script,
    ]);
  }

  /** Send tmux key names one at a time (terminal programs may read a burst as one chunk). */
  async keys(...keys: string[]): Promise<void> {
    for (const key of keys) {
      execFileSync('tmux', ['send-keys', '-t', this.name, key]);
      await sleep(60);
    }
  }

  /**
   * Send tmux key names in ONE send-keys call: the program reads them as one burst, as it does a
   * fast typist's keys or keys typed while it starts.
   */
  burst(...keys: string[]): void {
    execFileSync('tmux', ['send-keys', '-t', this.name, ...keys]);
  }

  /** Resize the terminal, as a user dragging the window's corner. */
  resize(width: number, height: number): void {
    execFileSync('tmux', ['resize-window', '-t', this.name, '-x', String(width), '-y', String(height)]);
  }

  screen(): string {
    return execFileSync('tmux', ['capture-pane', '-p', '-t', this.name], { encoding: 'utf8' });
  }

  /** Wait until the screen shows `pattern`; fails with the last screen after `timeoutMs`. */
  async waitFor(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < end) {
      last = this.screen();
      if (pattern.test(last)) {
        // Let the program finish the frame and start listening before the next keys.
        await sleep(200);
        return last;
      }
      await sleep(100);
    }
    throw new Error(`screen never showed ${pattern}; last screen:\n${last}`);
  }

  /** Wait for the program's first screen, then give it time to switch the terminal to raw input. */
  async ready(pattern: RegExp): Promise<string> {
    const screen = await this.waitFor(pattern, 20_000);
    await sleep(1000);
    return screen;
  }

  close(): void {
    try {
      execFileSync('tmux', ['kill-session', '-t', this.name]);
    } catch {
      // already gone
    }
  }
}
