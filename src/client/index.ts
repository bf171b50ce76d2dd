/** What the browser and the terminal clients share beyond the rules: React hooks that know no screen. */
export { type CriticJob, type CriticSession, useCritic } from './critic.ts';
