import { useEffect, useRef, useState } from 'react';
import { PICK_ACTIONS } from '../../games/intricacy/index.ts';
import { type Action, bindKey, DEFAULT_KEYS, type KeyMap, keyName, unbindKey } from './keymap.ts';

/**
 * The key-binding panel: each action with its keys; "Add key" listens for the next key press
 * (Escape cancels), a key's × removes it, and a key bound elsewhere moves to the new action.
 */
export function KeySettings({ keys, onChange }: { keys: KeyMap; onChange: (keys: KeyMap) => void }) {
  const [listening, setListeningState] = useState<Action | null>(null);
  // Kept in refs so the always-installed listener sees a click's choice before React re-renders.
  const waiting = useRef<Action | null>(null);
  const latest = useRef({ keys, onChange });
  latest.current = { keys, onChange };
  const setListening = (action: Action | null) => {
    waiting.current = action;
    setListeningState(action);
  };

  useEffect(() => {
    // Capture phase on window: runs before the page's shortcuts, which must not see this key.
    const onKey = (event: KeyboardEvent) => {
      const action = waiting.current;
      if (!action || ['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'].includes(event.key)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.key !== 'Escape') latest.current.onChange(bindKey(latest.current.keys, action, event.key));
      waiting.current = null;
      setListeningState(null);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  return (
    <details className="key-settings">
      <summary>Keys</summary>
      <table>
        <tbody>
          {PICK_ACTIONS.map(({ id, label }) => (
            <tr key={id}>
              <th scope="row">{label}</th>
              <td>
                {keys[id].map((k) => (
                  <button
                    key={k}
                    type="button"
                    className="key-chip"
                    aria-label={`Remove key ${keyName(k)} from ${label}`}
                    onClick={() => onChange(unbindKey(keys, id, k))}
                  >
                    <kbd>{keyName(k)}</kbd> ×
                  </button>
                ))}
                <button
                  type="button"
                  className="key-add"
                  aria-label={`Add a key for ${label}`}
                  onClick={() => setListening(id)}
                >
                  {listening === id ? 'press a key…' : '+'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="meta">
        After <em>Set mark</em> or <em>Back to mark</em>, the next letter or digit names the mark.
      </p>
      <button type="button" onClick={() => onChange(DEFAULT_KEYS)}>
        Default keys
      </button>
    </details>
  );
}
