import { useState } from 'react';
import { type Lock, parseLock } from '../../games/intricacy/index.ts';
import { IntricacyNav } from './IntricacyNav.tsx';
import { EXAMPLE_LOCKS } from './locks.ts';
import { Picker } from './Picker.tsx';

interface Chosen {
  readonly name: string;
  readonly lock: Lock;
  /** Bumped on every load, so loading the same lock again starts afresh. */
  readonly serial: number;
}

function loadExample(name: string, serial: number): Chosen {
  const example =
    EXAMPLE_LOCKS.find((l) => l.name === name) ?? (EXAMPLE_LOCKS[0] as { name: string; text: string });
  const lock = parseLock(example.text);
  if (!lock.ok) throw new Error(`bundled lock ${example.name} is broken: ${lock.error}`);
  return { name: example.name, lock: lock.value, serial };
}

/** Free play: pick any bundled lock, or a lock file from the computer. */
export function IntricacyPage() {
  const [chosen, setChosen] = useState<Chosen>(() => loadExample('tutorial/05-hook', 0));
  const [fileError, setFileError] = useState('');

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    const lock = parseLock(file.name.endsWith('.json') ? safeJson(text) : text);
    if (!lock.ok) {
      setFileError(`${file.name}: ${lock.error}`);
      return;
    }
    setFileError('');
    setChosen({ name: file.name, lock: lock.value, serial: chosen.serial + 1 });
  };

  return (
    <>
      <IntricacyNav />
      <Picker key={chosen.serial} lock={chosen.lock} title="Intricacy">
        <label>
          Lock{' '}
          <select
            aria-label="Lock"
            value={chosen.name}
            onChange={(e) => {
              setFileError('');
              setChosen(loadExample(e.target.value, chosen.serial + 1));
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
