/**
 * Every key, in order, to the state the previous key left. Ink hands a burst of keys (a fast
 * typist, keys typed during start-up, `tmux send-keys A B C`) to its input handlers one after the
 * other in the same tick, so a handler closing over a render's state would act on the screen as it
 * was before the burst: `Right Right Enter` would play where the cursor was. Here a screen's
 * handler gets one key, React renders what it did, and only then the next key is handed to
 * whichever screen is listening then. Keys typed before any screen listens wait for one.
 * Text that arrives as one chunk (typed before the terminal was in raw mode, or pasted) is split
 * into its characters, so a Tab in it moves to the next field instead of vanishing.
 */
import { type Key, useInput } from 'ink';
import {
  createContext,
  createElement as h,
  type ReactNode,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export type KeyHandler = (input: string, key: Key) => void;

interface Listener {
  readonly handler: { current: KeyHandler };
  readonly active: { current: boolean };
}

/** No key held: the base of a key made from one character of a chunk of text. */
const PLAIN: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** One character of a chunk as the key it is: Tab, Enter, Ctrl+letter, or a printable character. */
function charKey(c: string): [string, Key] {
  if (c === '\t') return ['', { ...PLAIN, tab: true }];
  if (c === '\r' || c === '\n') return ['', { ...PLAIN, return: true }];
  const code = c.charCodeAt(0);
  if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ...PLAIN, ctrl: true }];
  return [c, { ...PLAIN, shift: /[A-Z]/.test(c) }];
}

/** The keys an Ink input event stands for: itself, or each character of a chunk of text. */
export function splitKeys(input: string, key: Key): [string, Key][] {
  const chars = [...input];
  if (chars.length <= 1 || key.ctrl || key.meta) return [[input, key]];
  return chars.map(charKey);
}

/** The keys not yet handed to a screen, and the screens listening. */
class KeyQueue {
  readonly pending: [string, Key][] = [];
  readonly listeners = new Set<Listener>();

  /** Hand the oldest key to every listening screen; false when there is none or nobody listens. */
  next(): boolean {
    const targets = [...this.listeners].filter((l) => l.active.current);
    const first = this.pending[0];
    if (!first || targets.length === 0) return false;
    this.pending.shift();
    for (const target of targets) target.handler.current(...first);
    return true;
  }
}

interface Bus {
  readonly queue: KeyQueue;
  /** Ask for a render; the key after it is handed out once it is on the screen. */
  readonly wake: () => void;
}

const BusContext = createContext<Bus | null>(null);

/** Put once around a terminal app: it reads the keys and hands them out one render at a time. */
export function KeyRoot({ children }: { children?: ReactNode }) {
  const [queue] = useState(() => new KeyQueue());
  const [turn, setTurn] = useState(0);
  const [bus] = useState<Bus>(() => ({ queue, wake: () => setTurn((t) => t + 1) }));
  useInput((input, key) => {
    queue.pending.push(...splitKeys(input, key));
    bus.wake();
  });
  // After each commit (children's effects ran, so handlers are the latest): the next key, out of
  // React's commit so what it changes renders before the key after it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each turn is a render to follow
  useEffect(() => {
    if (queue.pending.length === 0) return;
    const timer = setImmediate(() => {
      if (queue.next()) bus.wake();
    });
    return () => clearImmediate(timer);
  }, [turn, queue, bus]);
  return h(BusContext.Provider, { value: bus }, children);
}

/**
 * Ink's `useInput`, with each key handled after the previous one has rendered. `active: false`
 * (a screen waiting for its child, or not ready) leaves keys to the other screens or for later.
 */
export function useKeys(handler: KeyHandler, options: { readonly active?: boolean } = {}): void {
  const bus = use(BusContext);
  if (!bus) throw new Error('useKeys needs a KeyRoot around the app');
  const handlerRef = useRef(handler);
  const activeRef = useRef(options.active !== false);
  useLayoutEffect(() => {
    handlerRef.current = handler;
    const waking = !activeRef.current && options.active !== false;
    activeRef.current = options.active !== false;
    // Keys typed while this screen was not listening are its now.
    if (waking && bus.queue.pending.length > 0) bus.wake();
  });
  useLayoutEffect(() => {
    const listener: Listener = { handler: handlerRef, active: activeRef };
    bus.queue.listeners.add(listener);
    bus.wake();
    return () => {
      bus.queue.listeners.delete(listener);
    };
  }, [bus]);
}
