import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CHAT_EVERY_S, type ChatLine, MAX_CHAT, type ServerFrame } from '../../../api/index.ts';
import { ApiError, api, type Session } from '../api.ts';
import './chat.css';
import { lineOfFrame, lineProblem, lineTime, mergeLines } from './chat.ts';

/** Characters left below which the box counts them down. */
const COUNT_FROM = 50;

export interface GameChatState {
  readonly lines: readonly ChatLine[];
  /** Give every frame of the game's socket: chat frames become lines. */
  readonly onFrame: (frame: ServerFrame) => void;
  readonly add: (lines: readonly ChatLine[]) => void;
}

/**
 * The lines of a game's chat: those the page loaded with the game (`loaded`, a player's only), then
 * each one the game's socket brings, once each.
 */
export function useGameChat(gameId: number, loaded: readonly ChatLine[] | undefined): GameChatState {
  const [lines, setLines] = useState<readonly ChatLine[]>([]);
  useEffect(() => {
    if (loaded) setLines((l) => mergeLines(l, loaded));
  }, [loaded]);
  const add = (more: readonly ChatLine[]) => setLines((l) => mergeLines(l, more));
  return {
    lines,
    add,
    onFrame: (frame) => {
      const line = lineOfFrame(frame, gameId);
      if (line) add([line]);
    },
  };
}

/**
 * The chat of a game for its two players (the server shows it to nobody else): the lines so far,
 * new ones as they are written, and a box to write one. After a dropped connection the lines
 * missed meanwhile are read again.
 */
export function GameChat({
  gameId,
  session,
  chat,
  connected,
}: {
  gameId: number;
  session: Session;
  chat: GameChatState;
  connected: boolean;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const wasConnected = useRef(connected);
  const { add, lines } = chat;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a reconnection matters
  useEffect(() => {
    if (connected && !wasConnected.current) {
      api<ChatLine[]>('GET', `/api/games/${gameId}/chat`, undefined, session).then(add, () => undefined);
    }
    wasConnected.current = connected;
  }, [connected]);

  // The newest line in view, as in any chat.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a line comes
  useEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lines.length]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const wrong = lineProblem(text);
    if (wrong) return setProblem(wrong);
    setSending(true);
    setProblem('');
    api<ChatLine>('POST', `/api/games/${gameId}/chat`, { text: text.trim() }, session)
      .then((line) => {
        add([line]);
        setText('');
      })
      .catch((e: Error) => {
        const said = `Not sent: ${e.message}.`;
        setProblem(said);
        // "Too fast" is true only until the next line may be written: then it goes.
        if (e instanceof ApiError && e.code === 'rate-limited')
          window.setTimeout(() => setProblem((p) => (p === said ? '' : p)), CHAT_EVERY_S * 1000);
      })
      .finally(() => setSending(false));
  };

  const left = MAX_CHAT - text.length;
  return (
    <section className="game-chat" aria-labelledby={`chat-title-${gameId}`}>
      <h2 id={`chat-title-${gameId}`}>Chat</h2>
      <p className="meta">Only the two players see this chat.</p>
      <ol className="chat-lines" ref={list} aria-live="polite" aria-label="Chat lines">
        {lines.length === 0 ? (
          <li className="meta">No messages yet.</li>
        ) : (
          lines.map((l) => (
            <li key={l.id} className={l.user === session.user ? 'mine' : undefined}>
              <span className="chat-who">{l.user === session.user ? 'you' : l.user}</span>{' '}
              <time className="meta" dateTime={new Date(l.at).toISOString()}>
                {lineTime(l.at, Date.now())}
              </time>
              <span className="chat-text">{l.text}</span>
            </li>
          ))
        )}
      </ol>
      <form className="chat-form" onSubmit={send}>
        <input
          aria-label="Chat message"
          value={text}
          maxLength={MAX_CHAT}
          placeholder="Write to your opponent"
          onChange={(e) => {
            setText(e.target.value);
            setProblem('');
          }}
        />
        <button type="submit" disabled={sending}>
          Send
        </button>
      </form>
      {left < COUNT_FROM && (
        <p className="meta">{left === 1 ? '1 character left' : `${left} characters left`}</p>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
