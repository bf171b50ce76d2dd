/**
 * The colour theme menu in the top bar: follow the system's setting, or always light, or always
 * dark. The choice is kept in localStorage; public/theme.js reads it and sets the theme, before the
 * first paint on every load and at once when the choice changes here.
 */
import { useStoredState } from './storage.ts';

export const THEME_KEY = 'tessera.theme';
const CHOICES = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' } as const;
type ThemeChoice = keyof typeof CHOICES;
const isChoice = (v: unknown): v is ThemeChoice => typeof v === 'string' && Object.hasOwn(CHOICES, v);

export function ThemeMenu() {
  const [choice, setChoice] = useStoredState<ThemeChoice>(THEME_KEY, 'system', isChoice);
  return (
    <select
      className="theme-menu"
      aria-label="Colour theme"
      value={choice}
      onChange={(e) => {
        if (!isChoice(e.target.value)) return;
        setChoice(e.target.value);
        window.dispatchEvent(new Event('tessera:theme'));
      }}
    >
      {Object.entries(CHOICES).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
