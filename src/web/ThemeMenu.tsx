/**
 * The colour theme menu in the top bar: follow the system's setting, or always light, or always
 * dark. The choice is kept in localStorage; public/theme.js reads it and sets the theme, before the
 * first paint on every load and at once when the choice changes here.
 */
import { useSyncExternalStore } from 'react';
import { useStoredState } from './storage.ts';

export const THEME_KEY = 'tessera.theme';
// Short, and on a narrow screen only the symbol (the menu's name says what it is), so that the
// menu fits in the top bar's first line on a phone.
const CHOICES = { system: '◐ Auto', light: '☀ Light', dark: '☾ Dark' } as const;
const NARROW = '(max-width: 600px)';

function useNarrow(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(NARROW).matches,
  );
}
type ThemeChoice = keyof typeof CHOICES;
const isChoice = (v: unknown): v is ThemeChoice => typeof v === 'string' && Object.hasOwn(CHOICES, v);

export function ThemeMenu() {
  const [choice, setChoice] = useStoredState<ThemeChoice>(THEME_KEY, 'system', isChoice);
  const narrow = useNarrow();
  return (
    <select
      className="theme-menu"
      aria-label="Colour theme"
      title="Colour theme: auto follows the system's setting"
      value={choice}
      onChange={(e) => {
        if (!isChoice(e.target.value)) return;
        setChoice(e.target.value);
        window.dispatchEvent(new Event('tessera:theme'));
      }}
    >
      {Object.entries(CHOICES).map(([value, label]) => (
        <option key={value} value={value}>
          {narrow ? label.split(' ')[0] : label}
        </option>
      ))}
    </select>
  );
}
