/** Abuse guards: rate limits, connection caps, connections held unread, secrets kept out of the log. */
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
