// The Atom-4 computer thinks here, off the page's thread.
import { type Atom4State, atom4 } from '../../games/atom4/index.ts';
import { type AiRequest as Request, serveAi } from '../ai-worker.ts';

export type AiRequest = Request<Atom4State> & { readonly level: number };

serveAi(atom4);
