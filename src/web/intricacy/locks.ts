// Every lock shipped in locks/ (the tutorial, the initiation, any others), bundled into the page as
// text. A glob, so a lock added to locks/ appears without touching this file.
const texts = import.meta.glob<string>('../../../locks/**/*.lock', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const PREFIX = '../../../locks/';
/** The tutorial first, then the initiation, then anything else; by name within each. */
const rank = (name: string) => (name.startsWith('tutorial/') ? 0 : name.startsWith('initiation/') ? 1 : 2);

export const EXAMPLE_LOCKS: readonly { readonly name: string; readonly text: string }[] = Object.entries(
  texts,
)
  .map(([path, text]) => ({ name: path.slice(PREFIX.length, -'.lock'.length), text }))
  .sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
