/** Board size and rules variant: the options of a Warp and Weft game, in a setup form. */
export function WarpWeftFields({
  size,
  variant,
  onChange,
}: {
  size: number;
  variant: 'thread' | 'patch';
  onChange: (size: number, variant: 'thread' | 'patch') => void;
}) {
  return (
    <>
      <label>
        Size
        <select aria-label="Size" value={size} onChange={(e) => onChange(Number(e.target.value), variant)}>
          {[2, 3, 4, 5, 6].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        Rules
        <select
          aria-label="Rules"
          value={variant}
          onChange={(e) => onChange(size, e.target.value === 'patch' ? 'patch' : 'thread')}
        >
          <option value="thread">thread-primary</option>
          <option value="patch">patch-primary</option>
        </select>
      </label>
    </>
  );
}
