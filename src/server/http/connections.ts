/**
 * Connections below HTTP: which peers are trusted proxies, the cap on open connections per address
 * and in all (answered before a request is read), hanging up on a client that will not, and the
 * shutdown that drops connections still open after a grace.
 */
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { ApiError, ErrorCode } from '../../api/index.ts';
import type { ServerConfig } from '../config/index.ts';
import { clientOf, POLICY_VIOLATION, type RefusalTurns, socketCap, unreadHolds } from '../guards/index.ts';
import type { App } from './fastify-app.ts';

/** How long a connection closed for misbehaving has to take the close frame before it is dropped. */
export const CUT_OFF_MS = 1000;
/** How long a shutdown waits for connections to finish before dropping those still open. */
const SHUTDOWN_GRACE_MS = 2000;

/** Fastify's trustProxy setting from the operator's. */
export function fastifyTrustProxy(setting: ServerConfig['trustProxy']) {
  // Fastify (since 5.12.1) treats a bare hop count as "trust nothing", so a count becomes a trust
  // function here: the socket's peer and the next hops-1 forwarders are the operator's proxies.
  return typeof setting === 'number'
    ? (_address: string, hop: number) => hop < setting
    : typeof setting === 'object'
      ? [...setting]
      : setting;
}

/** Does the operator's trustProxy setting make the connecting peer `address` a trusted proxy? */
function trustsPeer(setting: ServerConfig['trustProxy']): (address: string) => boolean {
  if (setting === false) return () => false;
  // `true` and a hop count trust whoever connects: the server is reachable only through proxies.
  if (setting === true || typeof setting === 'number') return () => true;
  const trusted = proxyAddr.compile([...setting]);
  return (address) => trusted(address, 0);
}

/** End a connection once what was written has left, and drop it after CUT_OFF_MS whatever the
 * peer does (it may never read, nor hang up). Whatever the client sends meanwhile is not read. */
export function hangUp(socket: Socket, last?: string | Buffer): void {
  if (socket.destroyed) return;
  socket.once('finish', destroySelf);
  if (last) socket.write(last);
  socket.end();
  // All of it is with the kernel already (a short answer on a new connection always is), so
  // 'finish' comes at once: no timer to keep this socket alive meanwhile.
  if (socket.writableLength === 0) return;
  const cutOff = setTimeout(() => socket.destroy(), CUT_OFF_MS).unref();
  // Once closed, the socket must not stay reachable from its timer: under a flood of refused
  // connections a second's worth of them (thousands) outlived each young-generation garbage
  // collection, which then had to copy them all and paused the event loop for tens of ms.
  socket.once('close', () => clearTimeout(cutOff));
}

/** At most this many connections over the cap wait for their refusal at once, server-wide (each
 * is an open file); past it, refusals go at once. */
const MAX_HELD_REFUSALS = 128;

/** The bytes of each refusal, made once: a flood of refused connections gets the same few. */
const refusals = new Map<string, Buffer>();

/** The answer to a connection over the cap, sent before its request is read. */
function refuseConnection(socket: Socket, code: number, reason: string): void {
  let bytes = refusals.get(reason);
  if (!bytes) {
    const refusal: ErrorCode = code === POLICY_VIOLATION ? 'rate-limited' : 'unavailable';
    const body = JSON.stringify({ error: reason, code: refusal } satisfies ApiError);
    const status = code === POLICY_VIOLATION ? '429 Too Many Requests' : '503 Service Unavailable';
    bytes = Buffer.from(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
    );
    refusals.set(reason, bytes);
  }
  hangUp(socket, bytes);
}

const ignore = () => {};
function destroySelf(this: Socket) {
  this.destroy();
}

/** Cap the server's connections and drop those still open a grace after a shutdown begins;
 * returns the cap (for tests). */
export function guardConnections(app: App, config: ServerConfig, turns: RefusalTurns) {
  // Every TCP connection, HTTP or WebSocket, counts against the connecting address, so slow
  // requests from one address cannot use up the server's file descriptors. A trusted proxy's
  // connections count only towards the total: the per-client caps then key on X-Forwarded-For.
  const connections = socketCap({
    perAddress: config.maxConnectionsPerAddress,
    total: config.maxConnections,
    uncapped: trustsPeer(config.trustProxy),
  });
  /** Every admitted connection, for the shutdown to drop those still open after its grace. */
  const admittedConnections = new Set<Socket>();
  /** Connections over the cap waiting for their refusal. A client that reconnects as soon as it
   * is refused (a flood's every loop past the cap) then costs one refusal per delay rather than as
   * many as it can open, each costing the server about as much as a small answer. */
  const refusalsDue = unreadHolds(config.overBudgetDelayMs, MAX_HELD_REFUSALS, turns);
  // The HTTP server's own handling of a new connection (a parser, timers, listeners) is given
  // only the connections admitted: a refusal costs a third less, and no byte of its request is
  // ever read.
  const served = app.server.listeners('connection') as ((socket: Socket) => void)[];
  app.server.removeAllListeners('connection');
  app.server.on('connection', (socket: Socket) => {
    const admitted = connections.admit(socket.remoteAddress ?? '');
    if (!admitted.ok) {
      // The HTTP server never sees this socket, so nothing else listens for its errors (a client
      // that resets at once): unheard, one would end the process.
      socket.on('error', ignore);
      const refuse = () => refuseConnection(socket, admitted.code, admitted.reason);
      if (!refusalsDue.hold(socket, clientOf(socket.remoteAddress ?? ''), refuse)) refuse();
      return;
    }
    admittedConnections.add(socket);
    socket.once('close', () => {
      admitted.release();
      admittedConnections.delete(socket);
    });
    for (const listener of served) listener.call(app.server, socket);
  });
  // A WebSocket request answered over HTTP instead (refused by a limit, a bad query, no such path)
  // has a connection the HTTP server no longer looks after: nothing else would ever close it.
  app.addHook('onResponse', async (request) => {
    // (Node marks such a request `upgrade`; its type does not say so.)
    if ((request.raw as { upgrade?: boolean }).upgrade === true) hangUp(request.raw.socket);
  });
  // A shutdown lets connections finish (WebSockets get a close frame) for a short grace, then drops
  // those still open: a client that never answers the closing handshake, or stopped reading,
  // must not hold the server up.
  let shutdownGrace: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    refusalsDue.dropAll();
    shutdownGrace = setTimeout(() => {
      for (const socket of admittedConnections) socket.destroy();
    }, SHUTDOWN_GRACE_MS);
    shutdownGrace.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(shutdownGrace);
  });
  return connections;
}
