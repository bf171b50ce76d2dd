/**
 * Hearing other processes' changes (PostgreSQL): a game a signal names is forgotten before anyone
 * is told, and while a listener hears every signal, cached games no signal touched are current.
 */
import type { Store } from '../ports/index.ts';
import type { GameStoreContext } from './context.ts';

export function listenForChanges({ signals, cache }: GameStoreContext): Store['listen'] {
  return async (onSignal) => {
    // While this listener hears every signal, cached games no signal touched are up to date.
    let state: 'starting' | 'up' | 'down' | 'stopped' = 'starting';
    const up = () => {
      state = 'up';
      cache.hearing(1);
    };
    const down = (next: 'down' | 'stopped') => {
      if (state === 'up') cache.hearing(-1);
      state = next;
      cache.touched();
    };
    const stop = await signals.listen(
      (signal) => {
        // Forgotten before anyone is told, so whoever reads the game next reads it afresh.
        if (signal.kind === 'game') cache.touched(signal.gameId);
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
