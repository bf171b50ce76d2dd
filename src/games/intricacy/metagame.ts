/**
 * Intricacy's metagame (its package description and its README; the README wins where they differ):
 * codenames, three lock slots per player, notes, access, relative scores and per-player views. Pure
 * rules over plain JSON; the server persists the world and sends only views.
 */
export * from './metagame-access.ts';
export * from './metagame-actions.ts';
export * from './metagame-codenames.ts';
export * from './metagame-explain.ts';
export * from './metagame-reads.ts';
export * from './metagame-scores.ts';
export * from './metagame-verify.ts';
export * from './metagame-views.ts';
export * from './metagame-world.ts';
