/** Server settings from flags and the environment. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configFromEnv, DEFAULTS, trustProxy } from './settings.ts';

describe('server settings', () => {
  it('defaults to port 27001 and ./data on SQLite with full sync', () => {
    const config = configFromEnv({});
    assert.equal(config.port, 27001);
    assert.equal(config.dataDir, './data');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.sqliteSync, 'full');
    assert.equal(config.maxSocketsPerAddress, 32);
    assert.equal(config.maxSockets, 10_000);
    assert.equal(config.trustProxy, false);
  });

  it('reads how many PostgreSQL connections to keep', () => {
    assert.equal(configFromEnv({}).pgConnections, 20);
    assert.equal(configFromEnv({ TESSERA_PG_CONNECTIONS: '6' }).pgConnections, 6);
    for (const bad of ['0', '-1', '1.5', 'many']) {
      assert.throws(
        () => configFromEnv({ TESSERA_PG_CONNECTIONS: bad }),
        new RegExp(`TESSERA_PG_CONNECTIONS must be a positive whole number, got "${bad}"`),
      );
    }
  });

  it('reads the WebSocket connection caps', () => {
    const config = configFromEnv({ TESSERA_MAX_SOCKETS_PER_ADDRESS: '4', TESSERA_MAX_SOCKETS: '500' });
    assert.equal(config.maxSocketsPerAddress, 4);
    assert.equal(config.maxSockets, 500);
    for (const bad of ['0', '-3', '2.5', 'lots', '1e400']) {
      assert.throws(
        () => configFromEnv({ TESSERA_MAX_SOCKETS_PER_ADDRESS: bad }),
        new RegExp(`TESSERA_MAX_SOCKETS_PER_ADDRESS must be a positive whole number, got "${bad}"`),
      );
    }
    assert.throws(() => configFromEnv({ TESSERA_MAX_SOCKETS: 'none' }), /TESSERA_MAX_SOCKETS must be/);
  });

  it('reads TESSERA_TRUST_PROXY as off, on, a hop count or a list of addresses and ranges', () => {
    for (const off of [undefined, '', 'false', 'off', '0']) assert.equal(trustProxy(off), false);
    assert.equal(trustProxy('true'), true);
    assert.equal(trustProxy('ON'), true);
    assert.equal(trustProxy('2'), 2);
    assert.deepEqual(
      trustProxy(
        '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,192.168.0.0/255.255.0.0,loopback,10.0.0.0/255.255.255.255',
      ),
      [
        '127.0.0.1',
        '10.0.0.0/8',
        '::1',
        'fd00::/8',
        '192.168.0.0/255.255.0.0',
        'loopback',
        '10.0.0.0/255.255.255.255',
      ],
    );
    assert.deepEqual(configFromEnv({ TESSERA_TRUST_PROXY: '10.0.0.1' }).trustProxy, ['10.0.0.1']);
    for (const [bad, named] of [
      ['yes please', 'yes please'],
      ['10.0.0.1,proxy.local', 'proxy.local'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.1,', ''],
      ['300.1.1.1', '300.1.1.1'],
      ['-1', '-1'],
      ['0.0.0.0/0', '0.0.0.0/0'],
      ['10.0.0.0/255.0.255.0', '10.0.0.0/255.0.255.0'],
      ['10.0.0.0/0.0.0.0', '10.0.0.0/0.0.0.0'],
    ] as const) {
      assert.throws(
        () => configFromEnv({ TESSERA_TRUST_PROXY: bad }),
        (error: Error) =>
          /^TESSERA_TRUST_PROXY must be true, false, a hop count or a comma-separated list/.test(
            error.message,
          ) && error.message.includes(`"${named || bad}"`),
        bad,
      );
    }
  });

  it('reads PORT, TESSERA_DATA, DATABASE_URL and the rates from the environment', () => {
    const config = configFromEnv({
      PORT: '8080',
      TESSERA_DATA: '/srv/t',
      DATABASE_URL: 'postgres://u@h/db',
      TESSERA_RATE: '7',
      TESSERA_SQLITE_SYNC: 'normal',
      TESSERA_LOG: 'off',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.dataDir, '/srv/t');
    assert.equal(config.databaseUrl, 'postgres://u@h/db');
    assert.deepEqual(config.rate.client, { perSecond: 7, burst: 14 });
    assert.deepEqual(config.rate.account, DEFAULTS.rate.account);
    assert.deepEqual(config.rate.password, DEFAULTS.rate.password, 'the password rate is its own setting');
    assert.deepEqual(config.rate.socket, DEFAULTS.rate.socket);
    assert.equal(config.sqliteSync, 'normal');
    assert.equal(config.log, false);
  });

  it('reads the password and WebSocket frame rates separately', () => {
    const config = configFromEnv({ TESSERA_RATE_PASSWORD: '2', TESSERA_RATE_SOCKET: '30' });
    assert.deepEqual(config.rate.password, { perSecond: 2, burst: 4 });
    assert.deepEqual(config.rate.socket, { perSecond: 30, burst: 60 });
    assert.deepEqual(config.rate.client, DEFAULTS.rate.client);
    assert.throws(
      () => configFromEnv({ TESSERA_RATE_PASSWORD: '0' }),
      /TESSERA_RATE_PASSWORD must be a positive/,
    );
  });

  it('reads how many accounts a client address may make an hour, all at once at first', () => {
    assert.deepEqual(configFromEnv({}).signups, { perSecond: 10 / 3600, burst: 10 });
    assert.deepEqual(configFromEnv({ TESSERA_SIGNUPS_PER_HOUR: '60' }).signups, {
      perSecond: 1 / 60,
      burst: 60,
    });
    assert.throws(
      () => configFromEnv({ TESSERA_SIGNUPS_PER_HOUR: 'many' }),
      /TESSERA_SIGNUPS_PER_HOUR must be a positive whole number, got "many"/,
    );
  });

  it('reads how many mails a sender may send in a minute, in bursts of two and a half minutes’ worth', () => {
    assert.deepEqual(configFromEnv({}).mailsPerSender, { perSecond: 0.2, burst: 30 });
    assert.deepEqual(configFromEnv({ TESSERA_MAILS_PER_MINUTE: '60' }).mailsPerSender, {
      perSecond: 1,
      burst: 150,
    });
    assert.throws(
      () => configFromEnv({ TESSERA_MAILS_PER_MINUTE: '-1' }),
      /TESSERA_MAILS_PER_MINUTE must be a positive whole number/,
    );
  });

  it('reads the caps on all connections and the request timeouts', () => {
    const defaults = configFromEnv({});
    assert.equal(defaults.maxConnectionsPerAddress, 64);
    assert.equal(defaults.maxConnections, 10_000);
    assert.equal(defaults.requestTimeoutMs, 30_000);
    assert.equal(defaults.headersTimeoutMs, 10_000);
    const config = configFromEnv({
      TESSERA_MAX_CONNECTIONS_PER_ADDRESS: '8',
      TESSERA_MAX_CONNECTIONS: '900',
      TESSERA_REQUEST_TIMEOUT_MS: '5000',
      TESSERA_HEADERS_TIMEOUT_MS: '2000',
      TESSERA_KEEP_ALIVE_TIMEOUT_MS: '4000',
      TESSERA_IDLE_TIMEOUT_MS: '60000',
    });
    assert.deepEqual(
      [
        config.maxConnectionsPerAddress,
        config.maxConnections,
        config.requestTimeoutMs,
        config.headersTimeoutMs,
        config.keepAliveTimeoutMs,
        config.idleTimeoutMs,
      ],
      [8, 900, 5000, 2000, 4000, 60_000],
    );
    // A request timeout shorter than the default headers timeout shortens that too.
    assert.equal(configFromEnv({ TESSERA_REQUEST_TIMEOUT_MS: '3000' }).headersTimeoutMs, 3000);
    assert.throws(
      () => configFromEnv({ TESSERA_REQUEST_TIMEOUT_MS: '3000', TESSERA_HEADERS_TIMEOUT_MS: '4000' }),
      /TESSERA_HEADERS_TIMEOUT_MS \(4000\) must not exceed the request timeout \(3000\)/,
    );
    assert.throws(
      () => configFromEnv({ TESSERA_MAX_CONNECTIONS_PER_ADDRESS: 'many' }),
      /TESSERA_MAX_CONNECTIONS_PER_ADDRESS must be a positive whole number/,
    );
  });

  it('reads TESSERA_SMTP_LISTEN as host:port, a bare port listening on 127.0.0.1; off unless set', () => {
    assert.equal(configFromEnv({}).smtpListen, undefined);
    assert.deepEqual(configFromEnv({ TESSERA_SMTP_LISTEN: '0.0.0.0:25' }).smtpListen, {
      host: '0.0.0.0',
      port: 25,
    });
    assert.deepEqual(configFromEnv({ TESSERA_SMTP_LISTEN: '2525' }).smtpListen, {
      host: '127.0.0.1',
      port: 2525,
    });
    assert.deepEqual(configFromEnv({ TESSERA_SMTP_LISTEN: '[::1]:2525' }).smtpListen, {
      host: '::1',
      port: 2525,
    });
    assert.throws(
      () => configFromEnv({ TESSERA_SMTP_LISTEN: 'mail:smtp' }),
      /TESSERA_SMTP_LISTEN must be host:port/,
    );
  });

  it('refuses nonsense with a message naming the setting', () => {
    assert.throws(() => configFromEnv({ PORT: 'eighty' }), /PORT must be a positive number/);
    assert.throws(
      () => configFromEnv({ TESSERA_SQLITE_SYNC: 'off' }),
      /TESSERA_SQLITE_SYNC must be full or normal/,
    );
  });
});
