/** Worker-thread bodies with their main-thread clients (each file is both, see its header). */
export { type AiRequest, Atom4AiWorker, think } from './atom4-ai.ts';
