/**
 * Connection caps: at most so many open connections per client address and in all, so one
 * address cannot exhaust the server's sockets and memory. The server keeps two: one over every TCP
 * connection, one over WebSockets. A connection is counted from its admission until its release;
 * an address's entry goes when its last connection does.
 */

import { isIPv6 } from 'node:net';

/**
 * Who a client address stands for: an IPv4 address itself (also when written IPv4-mapped), an
 * IPv6 address its /64 network, which one subscriber usually holds whole (else one home could
 * open connections from as many addresses as it liked).
 */
export function clientOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Close codes (RFC 6455): the policy refuses this address; the server is full, try later. */
export const POLICY_VIOLATION = 1008;
export const TRY_AGAIN_LATER = 1013;

export type Admission =
  | { readonly ok: true; readonly release: () => void }
  | { readonly ok: false; readonly code: number; readonly reason: string };

export interface SocketCap {
  admit(address: string): Admission;
  /** Connections open now, in all and per address (for tests and monitoring). */
  readonly open: () => number;
  readonly openFrom: (address: string) => number;
  /** Addresses with at least one connection open. */
  readonly addresses: () => number;
}

export function socketCap(limits: {
  readonly perAddress: number;
  readonly total: number;
  /** Addresses that count only towards the total (a trusted proxy speaks for many clients). */
  readonly uncapped?: (address: string) => boolean;
}): SocketCap {
  const byAddress = new Map<string, number>();
  let total = 0;
  return {
    admit(given) {
      const address = clientOf(given);
      const mine = byAddress.get(address) ?? 0;
      if (mine >= limits.perAddress && !limits.uncapped?.(given)) {
        return {
          ok: false,
          code: POLICY_VIOLATION,
          reason: `too many connections from your address (at most ${limits.perAddress})`,
        };
      }
      if (total >= limits.total) {
        return {
          ok: false,
          code: TRY_AGAIN_LATER,
          reason: 'the server has too many connections; try again later',
        };
      }
      byAddress.set(address, mine + 1);
      total++;
      let released = false;
      return {
        ok: true,
        // Idempotent: 'close' and 'error' may both report one connection's end.
        release() {
          if (released) return;
          released = true;
          total--;
          const left = (byAddress.get(address) ?? 1) - 1;
          if (left > 0) byAddress.set(address, left);
          else byAddress.delete(address);
        },
      };
    },
    open: () => total,
    openFrom: (address) => byAddress.get(clientOf(address)) ?? 0,
    addresses: () => byAddress.size,
  };
}
