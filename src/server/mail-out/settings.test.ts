/** Mail settings read from the environment. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { isMailAddress, mailSettings, mailSettingsFromEnv } from './settings.ts';

it('reads the mail settings, completes them from the data directory and port, and names a bad one', () => {
  const defaults = mailSettings(mailSettingsFromEnv({}), '/srv/t', 8080);
  assert.equal(defaults.smtpUrl, undefined);
  assert.equal(defaults.fileDir, '/srv/t/mail');
  assert.equal(defaults.publicUrl, 'http://localhost:8080');
  assert.ok(isMailAddress(defaults.from), `a default From address (${defaults.from})`);
  const set = mailSettingsFromEnv({
    TESSERA_SMTP_URL: 'smtps://u:p@relay.example:465',
    TESSERA_MAIL_FROM: 'games@example.org',
    TESSERA_PUBLIC_URL: 'https://games.example.org/',
    TESSERA_MAIL_HOLD_MS: '5000',
  });
  assert.deepEqual(set, {
    smtpUrl: 'smtps://u:p@relay.example:465',
    from: 'games@example.org',
    publicUrl: 'https://games.example.org',
    holdMs: 5000,
  });
  assert.throws(
    () => mailSettingsFromEnv({ TESSERA_SMTP_URL: 'http://u:secret@x' }),
    /TESSERA_SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL, got "http:\/\/u:\*\*\*@x"/,
  );
  assert.throws(
    () => mailSettingsFromEnv({ TESSERA_MAIL_FROM: 'games' }),
    /TESSERA_MAIL_FROM must be a mail address/,
  );
  assert.throws(
    () => mailSettingsFromEnv({ TESSERA_PUBLIC_URL: 'games.example' }),
    /TESSERA_PUBLIC_URL must be an http/,
  );
  assert.throws(
    () => mailSettingsFromEnv({ TESSERA_MAIL_HOLD_MS: '10' }),
    /TESSERA_MAIL_HOLD_MS must be a whole number of at least 1000/,
  );
});
