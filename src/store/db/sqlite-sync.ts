/**
 * SQLite's fsyncs, off the event loop. node:sqlite runs every statement on the event loop, so with
 * synchronous=FULL each COMMIT waits there for an fsync of the write-ahead log (1–15 ms on a small
 * machine's disk, far more when the disk is busy), and each automatic checkpoint for two more:
 * meanwhile no player is answered. So SQLite runs with synchronous=OFF and no automatic
 * checkpoints, and the store does what those settings would have done, with fdatasync on libuv's
 * thread pool while the event loop goes on:
 *
 * - a transaction is reported committed only after a sync of the log that began after its
 *   COMMIT (syncs asked for while one runs share the next one: group fsync);
 * - a checkpoint syncs the log, copies its pages into the database file, and syncs that file,
 *   all before any other statement runs, so the log is never reused while the copies it holds
 *   are not yet on disk.
 */
import { closeSync, fdatasync, fstatSync, openSync, statSync } from 'node:fs';

/** A function that makes what was written before it was called durable. */
export type Sync = () => Promise<void>;

/**
 * `run` at most once at a time: a call while it runs waits for the next run, which starts when
 * that one ends and serves every call made meanwhile.
 */
export function groupSync(run: Sync): Sync {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const started: Promise<void> = run().finally(() => {
      if (running === started) running = undefined;
    });
    running = started;
    return started;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}

/** fdatasync of the file at `path`, on the thread pool; nothing when there is no file. */
export function fileSync(path: string): Sync & { close(): void } {
  let open: { fd: number; ino: number } | undefined;
  const sync = async () => {
    const file = statSync(path, { throwIfNoEntry: false });
    if (!file) return;
    // A descriptor of a file since replaced would sync nothing of the new one.
    if (open?.ino !== file.ino) {
      if (open) closeSync(open.fd);
      const fd = openSync(path, 'r+');
      open = { fd, ino: fstatSync(fd).ino };
    }
    const { fd } = open;
    await new Promise<void>((resolve, reject) =>
      fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    );
  };
  return Object.assign(sync, {
    close() {
      if (open) closeSync(open.fd);
      open = undefined;
    },
  });
}
