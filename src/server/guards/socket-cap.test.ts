/** Connection caps and who a client address stands for. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { clientOf, POLICY_VIOLATION, socketCap, TRY_AGAIN_LATER } from './socket-cap.ts';

describe('WebSocket connection cap', () => {
  it('admits up to the per-address cap, then refuses that address with 1008 and a reason', () => {
    const cap = socketCap({ perAddress: 2, total: 10 });
    assert.ok(cap.admit('1.1.1.1').ok);
    assert.ok(cap.admit('1.1.1.1').ok);
    const refused = cap.admit('1.1.1.1');
    assert.deepEqual(refused, {
      ok: false,
      code: POLICY_VIOLATION,
      reason: 'too many connections from your address (at most 2)',
    });
    assert.ok(cap.admit('2.2.2.2').ok, 'another address is not affected');
    assert.equal(cap.open(), 3);
  });

  it('refuses everyone with 1013 once the total is reached', () => {
    const cap = socketCap({ perAddress: 5, total: 2 });
    assert.ok(cap.admit('a').ok);
    assert.ok(cap.admit('b').ok);
    const refused = cap.admit('c');
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.code, TRY_AGAIN_LATER);
  });

  it('counts an uncapped address (a trusted proxy) only towards the total', () => {
    const cap = socketCap({ perAddress: 1, total: 3, uncapped: (a) => a === '10.0.0.1' });
    assert.ok(cap.admit('10.0.0.1').ok);
    assert.ok(cap.admit('10.0.0.1').ok);
    assert.equal(cap.admit('10.0.0.2').ok, true);
    assert.equal(cap.admit('10.0.0.2').ok, false, 'others keep their cap');
    const full = cap.admit('10.0.0.1');
    assert.equal(!full.ok && full.code, TRY_AGAIN_LATER);
  });

  it('frees a place on release, once only, and forgets an address with nothing open', () => {
    const cap = socketCap({ perAddress: 1, total: 10 });
    const first = cap.admit('a');
    assert.ok(first.ok);
    assert.equal(cap.admit('a').ok, false);
    first.release();
    first.release();
    assert.equal(cap.open(), 0);
    assert.equal(cap.addresses(), 0);
    assert.ok(cap.admit('a').ok);
  });

  it('never counts more than the caps or leaks after any admit/release sequence', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 3 }), fc.nat()), { maxLength: 200 }),
        (steps) => {
          const cap = socketCap({ perAddress: 3, total: 7 });
          const held: (() => void)[] = [];
          for (const [open, address, pick] of steps) {
            if (open || held.length === 0) {
              const a = cap.admit(`10.0.0.${address}`);
              if (a.ok) held.push(a.release);
            } else {
              held.splice(pick % held.length, 1)[0]?.();
            }
            assert.ok(cap.open() <= 7);
            for (let i = 0; i < 4; i++) assert.ok(cap.openFrom(`10.0.0.${i}`) <= 3);
            assert.equal(cap.open(), held.length);
          }
          for (const release of held) release();
          assert.equal(cap.open(), 0);
          assert.equal(cap.addresses(), 0);
        },
      ),
    );
  });
});

describe('client addresses', () => {
  it('counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address', () => {
    assert.equal(clientOf('203.0.113.7'), '203.0.113.7');
    assert.equal(clientOf('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(clientOf('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(clientOf('2001:db8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64');
    assert.equal(clientOf('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientOf('::1'), '0:0:0:0::/64');
    const cap = socketCap({ perAddress: 2, total: 100 });
    assert.ok(cap.admit('2001:db8:1:2::a').ok);
    assert.ok(cap.admit('2001:db8:1:2::b').ok);
    assert.equal(cap.admit('2001:db8:1:2::c').ok, false, 'a third address of the same /64 is refused');
    assert.ok(cap.admit('2001:db8:1:3::a').ok, 'another /64 is another client');
  });
});
