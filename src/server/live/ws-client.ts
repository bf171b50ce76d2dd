/**
 * A small WebSocket client for Tessera's live updates, used by the tests and the benchmark:
 * frames are decoded (MessagePack or JSON) and can be awaited by predicate.
 */
import { Packr } from 'msgpackr';
import WebSocket from 'ws';

const packr = new Packr({ useRecords: false, mapsAsObjects: true });

/**
 * A frame as it arrived, with `binary` telling how: left loose rather than the wire contract's
 * ServerFrame, because tests use this client to check what the server really sends.
 */
export type Frame = { type: string; [key: string]: unknown };

export class LiveClient {
  readonly frames: Frame[] = [];
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private readonly socket: WebSocket;
  readonly opened: Promise<void>;
  /** The close code and reason, when the connection ends. */
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly format: 'msgpack' | 'json';
  onFrame?: (frame: Frame) => void;

  constructor(baseUrl: string, options: { format?: 'msgpack' | 'json'; token?: string } = {}) {
    this.format = options.format ?? 'msgpack';
    const url = new URL('/ws', baseUrl.replace(/^http/, 'ws'));
    if (this.format === 'json') url.searchParams.set('format', 'json');
    if (options.token) url.searchParams.set('token', options.token);
    this.socket = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.socket.on('message', (data, isBinary) => {
      const frame = (
        isBinary ? packr.unpack(data as Buffer) : JSON.parse((data as Buffer).toString('utf8'))
      ) as Frame;
      frame.binary = isBinary;
      this.onFrame?.(frame);
      const waiter = this.waiters.find((w) => w.test(frame));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(frame);
      } else {
        this.frames.push(frame);
      }
    });
  }

  send(frame: object): void {
    this.socket.send(this.format === 'json' ? JSON.stringify(frame) : packr.pack(frame));
  }

  /** Send raw bytes or text, for fuzzing. */
  sendRaw(data: Buffer | string): void {
    this.socket.send(data);
  }

  /** The first received (or future) frame passing `test`; it is taken off the list. */
  next(test: (f: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    const i = this.frames.findIndex(test);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0] as Frame);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
