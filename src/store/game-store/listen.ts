/**
 * Hearing other processes' changes (PostgreSQL): a game a signal names is forgotten before anyone
 * is told (or, for a move, played on the copy held), and while a listener hears every signal,
 * cached games no signal touched are current. So are the login sessions kept in memory
 * (../sql/known-sessions.ts), which forget those another process ended.
 */
import type { Store } from '../ports/index.ts';
import type { KnownSessions } from '../sql/index.ts';
import type { GameStoreContext } from './context.ts';

export function listenForChanges(
  { signals, cache }: GameStoreContext,
  sessions: Pick<KnownSessions, 'hearing' | 'endedElsewhere'>,
): Store['listen'] {
  return async (onSignal, follow) => {
    // While this listener hears every signal, cached games no signal touched are up to date.
    let state: 'starting' | 'up' | 'down' | 'stopped' = 'starting';
    const up = () => {
      state = 'up';
      cache.hearing(1);
      sessions.hearing(1);
    };
    const down = (next: 'down' | 'stopped') => {
      if (state === 'up') {
        cache.hearing(-1);
        sessions.hearing(-1);
      }
      state = next;
      cache.touched();
    };
    const stop = await signals.listen(
      (signal) => {
        // Forgotten before anyone is told, so whoever reads the game next reads it afresh; or,
        // for a move played on the version held here, followed on it and not read at all.
        if (signal.kind === 'game') {
          const held = signal.move && follow ? cache.recent.get(signal.gameId) : undefined;
          const move = signal.move;
          const followed = held && move && follow?.(held, move.record, move.version);
          if (followed) cache.followed(followed);
          else cache.touched(signal.gameId);
        }
        if (signal.kind === 'sessions' && signal.ended) sessions.endedElsewhere(signal.ended);
        if (signal.kind === 'resync') {
          cache.touched();
          if (state === 'down') up();
        }
        onSignal(signal);
      },
      () => {
        if (state !== 'stopped') down('down');
      },
    );
    if (state === 'starting') up();
    return async () => {
      down('stopped');
      await stop();
    };
  };
}
