import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configFromEnv, DEFAULTS } from './config.ts';

describe('server settings', () => {
  it('defaults to port 27001 and ./data on SQLite with full sync', () => {
    const config = configFromEnv({});
    assert.equal(config.port, 27001);
    assert.equal(config.dataDir, './data');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.sqliteSync, 'full');
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
    assert.equal(config.sqliteSync, 'normal');
    assert.equal(config.log, false);
  });

  it('refuses nonsense with a message naming the setting', () => {
    assert.throws(() => configFromEnv({ PORT: 'eighty' }), /PORT must be a positive number/);
    assert.throws(
      () => configFromEnv({ TESSERA_SQLITE_SYNC: 'off' }),
      /TESSERA_SQLITE_SYNC must be full or normal/,
    );
  });
});
