/**
 * Limits of an Atom-4 match. A module without imports, so that showing them (the command line's
 * help) loads no board tables.
 */
export const MAX_ROUNDS = 99;
export const MAX_LEVEL = 9;
