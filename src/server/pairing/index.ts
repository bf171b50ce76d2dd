/** Open challenges and quick pairing, and the open list's live frames. */
export { seekBoard } from './board.ts';
export {
  type Challenge,
  type Pairing,
  type PairingContext,
  pairingService,
  SEEK_LIST_LIMIT,
} from './seeks.ts';
