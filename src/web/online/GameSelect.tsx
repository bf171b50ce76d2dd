/** A select of game types with its label, as every form that starts games offers it. */
import type { GameType } from './api.ts';

/** A game to choose from `types`, under `label` (each form on a page labels its own). */
export function GameSelect({
  label,
  types,
  value,
  onChange,
}: {
  label: string;
  types: readonly GameType[];
  value: string;
  onChange: (t: string) => void;
}) {
  return (
    <label>
      {label}
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {types.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </select>
    </label>
  );
}
