/** Games in plain text for PBeM replies and mails: a board shown, a list of games, takebacks, wrapped lines. */
export { listText, pbmName, showText, statusLine } from './game-text.ts';
export { takebackLines, takebackSpan } from './takebacks.ts';
export { MAIL_WIDTH, wrap } from './wrap.ts';
