/** Sizes and shapes every client and the server agree on. */

/** User ids: a letter, then 1–19 letters, digits or underscores; case-insensitive. */
export const USER_ID_PATTERN = '^[A-Za-z][A-Za-z0-9_]{1,19}$';
/** Passwords: 4–128 characters without spaces (a PBeM command separates words by spaces). */
export const PASSWORD_PATTERN = '^\\S{4,128}$';
/** What a user id and a password must be, in the words every refusal uses. */
export const USER_ID_RULE = 'a user id is 2 to 20 letters, digits or _, starting with a letter';
export const PASSWORD_RULE = 'a password is 4 to 128 characters without spaces';
/** The longest chat line. */
export const MAX_CHAT = 500;
/** Chat lines an account may write at once, and then one every CHAT_EVERY_S seconds. */
export const CHAT_BURST = 5;
export const CHAT_EVERY_S = 3;
/** The longest move in a game's notation. */
export const MAX_MOVE_TEXT = 40;
/** Moves of the log in one `show` by default, and at most. */
export const MOVE_PAGE = 100;
export const MAX_MOVE_PAGE = 500;
/**
 * Takebacks a game may have in all, and of any one move: enough to mend slips and to learn from a
 * game against the computer, not to loop on one position without end.
 */
export const MAX_TAKEBACKS = 100;
export const MAX_TAKEBACKS_PER_MOVE = 3;
/** Takebacks listed in one `show` (the latest), and at most in one page of older ones. */
export const TAKEBACK_PAGE = 10;
export const MAX_TAKEBACK_PAGE = 100;
