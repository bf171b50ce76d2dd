import assert from 'node:assert/strict';
import { it } from 'node:test';
import { mailSummary } from './mail.ts';

it('says where mail goes, what waits for its code, and the last mail not delivered', () => {
  assert.deepEqual(mailSummary({ address: null, pendingAddress: null, notify: 'move', failures: [] }), [
    'No verified address: no mail is sent.',
  ]);
  assert.deepEqual(
    mailSummary({
      address: 'ann@example.org',
      pendingAddress: 'new@example.org',
      notify: 'digest',
      failures: [{ subject: '[Tessera] WarpAndWeft 3 move 2', error: '550 no such user', at: 1 }],
    }),
    [
      'Mail goes to ann@example.org.',
      'A code was mailed to new@example.org: enter it below.',
      'Not delivered lately: “[Tessera] WarpAndWeft 3 move 2” (550 no such user).',
    ],
  );
});
