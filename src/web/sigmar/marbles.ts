/** How each marble kind looks: name, colour and symbol (the classical alchemical signs). */
export interface MarbleLook {
  readonly name: string;
  readonly colour: string;
  readonly ink: string;
  /** Text symbol, or a drawn one for the four elements and salt. */
  readonly symbol: string;
}

// Indexed by the kind numbers of src/games/sigmar/board.ts (0 is an empty cell).
export const MARBLES: readonly MarbleLook[] = [
  { name: 'empty', colour: 'transparent', ink: 'transparent', symbol: '' },
  { name: 'air', colour: '#a9dcf2', ink: '#1b4d66', symbol: 'air' },
  { name: 'water', colour: '#3f7fe0', ink: '#ffffff', symbol: 'water' },
  { name: 'fire', colour: '#e4572e', ink: '#ffffff', symbol: 'fire' },
  { name: 'earth', colour: '#5f9e4f', ink: '#ffffff', symbol: 'earth' },
  { name: 'salt', colour: '#ebe6d6', ink: '#4a4536', symbol: 'salt' },
  { name: 'vitae', colour: '#f6efc8', ink: '#8a6d00', symbol: '✚' },
  { name: 'mors', colour: '#3b2d4a', ink: '#e8dcf5', symbol: '✖' },
  { name: 'mercury', colour: '#c3c9cf', ink: '#2b3036', symbol: '☿' },
  { name: 'lead', colour: '#5e636b', ink: '#f1f1f1', symbol: '♄' },
  { name: 'tin', colour: '#a7b1b3', ink: '#22282a', symbol: '♃' },
  { name: 'iron', colour: '#8f5a3c', ink: '#fbe9dd', symbol: '♂' },
  { name: 'copper', colour: '#c8743b', ink: '#fff3e8', symbol: '♀' },
  { name: 'silver', colour: '#e3e7ec', ink: '#4b5563', symbol: '☽' },
  { name: 'gold', colour: '#e8b923', ink: '#5a4300', symbol: '☉' },
];
