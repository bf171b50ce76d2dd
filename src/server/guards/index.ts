/** Abuse guards: rate limits, connection caps, connections held unread, session upkeep, log redaction. */
export { CUT_OFF_MS, fastifyTrustProxy, guardConnections } from './connections.ts';
export { limiter, type RateLimit } from './limits.ts';
export { logSerializers } from './log-redaction.ts';
export { keepSessions } from './session-upkeep.ts';
export { clientOf, POLICY_VIOLATION, socketCap } from './socket-cap.ts';
export {
  MAX_REFUSAL_WAIT_MS,
  type RefusalTurns,
  refusalTurns,
  resumeReading,
  unreadHolds,
} from './unread-holds.ts';
