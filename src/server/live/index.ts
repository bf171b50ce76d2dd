/** The live hub: who watches which game, notices to each user's sockets, the wire format, a test client. */
export { type Connection, createHub, type Hub, type ServerFrame } from './hub.ts';
export { createNotices, type Notices } from './notices.ts';
export { sessionSockets } from './session-sockets.ts';
export { decode, encode, type Format } from './wire.ts';
