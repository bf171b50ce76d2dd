import { useEffect, useState } from 'react';
import { type Lock, lockToText, parseLock } from '../../games/intricacy/index.ts';
import { ApiError } from '../online/api.ts';
import { useSession } from '../online/session.tsx';
import { readStored, writeStored } from '../storage.ts';
import { IntricacyNav } from './IntricacyNav.tsx';
import { EXAMPLE_LOCKS } from './locks.ts';
import { metaApi } from './metagame/meta-api.ts';
import { Picker } from './Picker.tsx';
import { lockRequest } from './pick-request.ts';
import { isKeptLock, PICK_HISTORY_KEY, PICK_LOCK_KEY } from './picking-kept.ts';

interface Chosen {
  readonly name: string;
  readonly lock: Lock;
  /** Bumped on every load, so loading the same lock again starts afresh. */
  readonly serial: number;
}

const DEFAULT_LOCK = 'tutorial/05-hook';
const NAMES = EXAMPLE_LOCKS.map((l) => l.name);

function bundled(name: string, serial: number): Chosen {
  const example =
    EXAMPLE_LOCKS.find((l) => l.name === name) ?? (EXAMPLE_LOCKS[0] as { name: string; text: string });
  const lock = parseLock(example.text);
  if (!lock.ok) throw new Error(`bundled lock ${example.name} is broken: ${lock.error}`);
  return { name: example.name, lock: lock.value, serial };
}

/** The lock shown when the address names none: the one shown last time, else the default. */
function lastShown(): Chosen {
  const kept = readStored(PICK_LOCK_KEY);
  if (isKeptLock(kept)) {
    const lock = parseLock(kept.text);
    if (lock.ok) return { name: kept.name, lock: lock.value, serial: 0 };
  }
  return bundled(DEFAULT_LOCK, 0);
}

/** What the page opens with: the lock `?lock=` names (a metagame lock is fetched), or the last one. */
function opening(): { chosen: Chosen | null; fetch: number | null; notice: string } {
  const wanted = new URLSearchParams(window.location.search).get('lock');
  if (wanted === null || wanted.trim() === '') return { chosen: lastShown(), fetch: null, notice: '' };
  const request = lockRequest(wanted, NAMES);
  if (request.kind === 'bundled') return { chosen: bundled(request.name, 0), fetch: null, notice: '' };
  if (request.kind === 'server') return { chosen: null, fetch: request.id, notice: '' };
  return { chosen: lastShown(), fetch: null, notice: request.error };
}

/** Put the lock's name in the address, so it can be shared or bookmarked (none for a file's lock). */
function showInAddress(name: string | null): void {
  const url = new URL(window.location.href);
  if (name === null) url.searchParams.delete('lock');
  else url.searchParams.set('lock', name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
}

/**
 * Free play: any bundled lock, a metagame lock by its number (`?lock=12`, practice only), or a lock
 * file from the computer. The lock and the moves made on it survive a reload.
 */
export function PickPage() {
  const { session } = useSession();
  const [start] = useState(opening);
  const [chosen, setChosen] = useState<Chosen | null>(start.chosen);
  const [notice, setNotice] = useState(start.notice);
  const [fileError, setFileError] = useState('');

  useEffect(() => {
    const id = start.fetch;
    if (id === null) return;
    let live = true;
    const fail = (message: string) => {
      setNotice(message);
      setChosen(lastShown());
    };
    metaApi.lock(session, id).then(
      (view) => {
        const lock = parseLock(view?.lock);
        if (!live) return;
        if (lock.ok) setChosen({ name: `lock ${id} by ${view.owner}`, lock: lock.value, serial: 1 });
        else fail(`Lock ${id} could not be read: ${lock.error}.`);
      },
      (e: unknown) => {
        if (!live) return;
        fail(
          e instanceof ApiError && e.status === 404
            ? `There is no lock ${id} in the metagame on this server.`
            : `Lock ${id} could not be loaded: ${e instanceof Error ? e.message : String(e)}.`,
        );
      },
    );
    return () => {
      live = false;
    };
  }, [start.fetch, session]);

  useEffect(() => {
    if (chosen) writeStored(PICK_LOCK_KEY, { name: chosen.name, text: lockToText(chosen.lock) });
  }, [chosen]);

  const serial = chosen?.serial ?? 0;
  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    const lock = parseLock(file.name.endsWith('.json') ? safeJson(text) : text);
    if (!lock.ok) {
      setFileError(`${file.name}: ${lock.error}`);
      return;
    }
    setFileError('');
    setNotice('');
    setChosen({ name: file.name, lock: lock.value, serial: serial + 1 });
    showInAddress(null);
  };

  const noticeLine = notice && (
    <p className="error" role="alert">
      {notice}
    </p>
  );
  if (!chosen)
    return (
      <>
        <IntricacyNav />
        <section className="panel">
          <h1>Pick a lock</h1>
          <p className="meta">Loading lock {start.fetch}…</p>
        </section>
      </>
    );
  return (
    <>
      <IntricacyNav />
      <Picker key={chosen.serial} lock={chosen.lock} title="Pick a lock" keepAs={PICK_HISTORY_KEY}>
        {noticeLine}
        <label>
          Lock{' '}
          <select
            aria-label="Lock"
            value={chosen.name}
            onChange={(e) => {
              setFileError('');
              setNotice('');
              setChosen(bundled(e.target.value, serial + 1));
              showInAddress(e.target.value);
            }}
          >
            {EXAMPLE_LOCKS.map((l) => (
              <option key={l.name} value={l.name}>
                {l.name}
              </option>
            ))}
            {!EXAMPLE_LOCKS.some((l) => l.name === chosen.name) && (
              <option value={chosen.name}>{chosen.name}</option>
            )}
          </select>
        </label>
        <label className="file">
          Open a lock file{' '}
          <input type="file" accept=".lock,.txt,.json" onChange={(e) => void openFile(e.target.files?.[0])} />
        </label>
        {fileError && (
          <p className="error" role="alert">
            {fileError}
          </p>
        )}
      </Picker>
    </>
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
