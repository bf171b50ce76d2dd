/** Abuse guards: rate limits, connection caps (per address and per account), connections held unread, secrets kept out of the log. */
export {
  type AccountAdmission,
  type AccountSockets,
  accountSockets,
  MAX_SOCKETS_PER_ACCOUNT,
} from './account-sockets.ts';
export { limiter, type RateLimit } from './limits.ts';
export { logSerializers } from './log-redaction.ts';
export { clientOf, POLICY_VIOLATION, socketCap } from './socket-cap.ts';
export {
  MAX_REFUSAL_WAIT_MS,
  type RefusalTurns,
  refusalTurns,
  resumeReading,
  unreadHolds,
} from './unread-holds.ts';
