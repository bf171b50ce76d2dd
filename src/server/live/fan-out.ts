/**
 * A game's frames to its watchers, a slice at a time. A move watched by 10,000 sockets is 10,000
 * socket writes: sent in one go they held the event loop for the better part of a second, and
 * every other player's move waited that long. The game's players get theirs at once; of its
 * spectators, the first slice at once too and the rest a slice per turn of the event loop, so
 * that other work runs between slices. Order holds: while a game's slices are still going out,
 * its later frames to spectators queue behind them.
 *
 * A slice is small because every other player's move waits for one slice at each of its turns of
 * the event loop (its reads and commit on PostgreSQL take several): at 200 a slice took about 4 ms,
 * and with 10,000 watchers a normal player's move ack p99 was 37 ms on PostgreSQL; at 50, 17–23 ms
 * (at 25 no better).
 */
export const FAN_OUT_SLICE = 50;

export function fanOut(slice = FAN_OUT_SLICE) {
  /** Per game, the deliveries to spectators still waiting, oldest first. */
  const waiting = new Map<number, (() => void)[]>();

  const drain = (gameId: number) => {
    const queue = waiting.get(gameId);
    if (!queue) return;
    for (const deliver of queue.splice(0, slice)) deliver();
    if (queue.length > 0) setImmediate(drain, gameId);
    else waiting.delete(gameId);
  };

  return {
    /** `each` of `subscribers`: at once for those `urgent` says (the players), in order after
     * what of this game still waits for the others. */
    send<T>(gameId: number, subscribers: Iterable<T>, urgent: (s: T) => boolean, each: (s: T) => void): void {
      const others: T[] = [];
      for (const s of subscribers) {
        if (urgent(s)) each(s);
        else others.push(s);
      }
      let queue = waiting.get(gameId);
      if (!queue) {
        for (const s of others.splice(0, slice)) each(s);
        if (others.length === 0) return;
        queue = [];
        waiting.set(gameId, queue);
        setImmediate(drain, gameId);
      }
      for (const s of others) queue.push(() => each(s));
    },
  };
}
