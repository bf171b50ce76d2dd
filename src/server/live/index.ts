/** The live hub: who watches which game, notices to each user's sockets, sessions' sockets, the wire format. */
export { type Connection, createHub, type Hub, type ServerFrame } from './hub.ts';
export { createNotices, type Notices } from './notices.ts';
export { sessionSockets } from './session-sockets.ts';
export { keepSessions } from './session-upkeep.ts';
export { decode, encode, type Format } from './wire.ts';
