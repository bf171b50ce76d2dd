/**
 * Calls that arrive while earlier ones are still under way, sent together. With fewer than
 * `inFlight` sends outstanding a call goes at once, alone, so a quiet server adds no wait; once
 * that many are out, calls wait and the next free slot sends all of them (up to `maxBatch`) in one
 * go. PostgreSQL uses it so a busy server pays one round trip and one transaction for many moves.
 */
export interface BatcherOptions {
  readonly inFlight: number;
  readonly maxBatch: number;
}

export function batcher<T, R>(
  /** Settles each item on its own, in order (one item's failure need not fail the others). */
  send: (items: readonly T[]) => Promise<readonly PromiseSettledResult<R>[]>,
  { inFlight, maxBatch }: BatcherOptions,
): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (value: R) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let out = 0;
  const next = (): void => {
    if (out >= inFlight || waiting.length === 0) return;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(batch.length);
    out++;
    // The next batch goes as soon as this one is answered, before its callers resume.
    const done = () => {
      out--;
      next();
    };
    send(batch.map((w) => w.item)).then(
      (results) => {
        done();
        batch.forEach((w, i) => {
          const result = results[i];
          if (result?.status === 'fulfilled') w.resolve(result.value);
          else w.reject(result ? result.reason : new Error('no result for a batched call'));
        });
      },
      (error: unknown) => {
        done();
        for (const w of batch) w.reject(error);
      },
    );
    next();
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      next();
    });
}
