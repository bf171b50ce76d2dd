// The Warp and Weft bot thinks here so the page stays responsive.
import { type WarpWeftState, warpweft } from '../../games/warpweft/index.ts';
import { type AiRequest, serveAi } from '../ai-worker.ts';

export type BotRequest = AiRequest<WarpWeftState> & { readonly thinkMs: number };

serveAi(warpweft);
