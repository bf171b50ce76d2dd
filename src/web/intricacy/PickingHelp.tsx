/** How to pick a lock, with the default keys. */
export function PickingHelp() {
  return (
    <details className="rules">
      <summary>How to pick a lock</summary>
      <p>
        Empty the bolt's housing (top right) by pushing or pulling the bolt into the lock. Move the hook and
        the wrench with the pads, by tapping the board, or with the keys. Tapping: tap a tool to choose it
        (the hook is chosen at first), then a cell next to it to move it there; the hook's own arm end pushes
        it along its arm, and the two curved arrows just beyond its arm turn it that way. Keys: by default the
        original's: hook <kbd>l</kbd> <kbd>h</kbd> east/west, <kbd>u</kbd> <kbd>b</kbd> north-east/south-west,{' '}
        <kbd>y</kbd> <kbd>n</kbd> north-west/south-east, <kbd>k</kbd> <kbd>j</kbd> turn; the same letters in
        capitals move the wrench, which keeps moving until blocked; space waits. <kbd>z</kbd> undo,{' '}
        <kbd>x</kbd> redo, <kbd>r</kbd> reset, <kbd>m</kbd> and a letter or digit sets that mark, <kbd>'</kbd>{' '}
        and the letter goes back to it, <kbd>p</kbd> replay. Change them under "Keys". Each turn has two
        phases: first the tools push, then the springs act. Orange arrows are forces that were blocked; purple
        ones the forces that blocked them. A moving wrench shows a double chevron (») pointing the way it
        keeps going.
      </p>
    </details>
  );
}
