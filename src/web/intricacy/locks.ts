// The example locks shipped in locks/, bundled into the page as text.
import balls from '../../../locks/tutorial/balls.lock?raw';
import maze from '../../../locks/tutorial/maze.lock?raw';
import pivot from '../../../locks/tutorial/pivot.lock?raw';
import pull from '../../../locks/tutorial/pull.lock?raw';

export const EXAMPLE_LOCKS: readonly { readonly name: string; readonly text: string }[] = [
  { name: 'tutorial/pull', text: pull },
  { name: 'tutorial/balls', text: balls },
  { name: 'tutorial/maze', text: maze },
  { name: 'tutorial/pivot', text: pivot },
];
