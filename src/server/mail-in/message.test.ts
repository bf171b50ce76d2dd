/** Mail in: reading a mail. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandLines, readMail } from './message.ts';

const OURS = 'tessera@games.example';
const mail = (headers: string, body = 'WarpAndWeft show 1') =>
  `${headers}\r\nTo: ${OURS}\r\nSubject: s\r\nMessage-ID: <m1@x.example>\r\n\r\n${body}\r\n`;

describe('mail in: reading a mail', () => {
  it('keeps command lines, skipping quotes and stopping at signatures and quoted replies', () => {
    assert.deepEqual(
      commandLines('  WarpAndWeft show 1 \n\n> WarpAndWeft resign 1 ann x\nAtom4 history\n-- \nAnn\nhelp'),
      ['WarpAndWeft show 1', 'Atom4 history'],
    );
    assert.deepEqual(commandLines('F6\r\n\r\nOn Tue, 24 Nov 2026, Tessera wrote:\r\nA1'), ['F6']);
    assert.deepEqual(commandLines('help\n-----Original Message-----\nA1'), ['help']);
  });

  it('reads the plain-text part, not the HTML one, and what the mail answers', async () => {
    const read = await readMail(
      mail(
        'From: Ann <ann@x.example>\r\nIn-Reply-To: <a@t>\r\nReferences: <r@t> <a@t>\r\nContent-Type: multipart/alternative; boundary=b',
        '--b\r\nContent-Type: text/plain\r\n\r\nhelp\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>Atom4 history</p>\r\n--b--',
      ),
      OURS,
    );
    assert.equal(read.from, 'ann@x.example');
    assert.equal(read.loop, null);
    assert.deepEqual(read.lines, ['help']);
    assert.deepEqual(read.answers.slice(0, 2), ['a@t', 'a@t']);
  });

  it('knows auto-replies, bounces, lists and its own mail for loops', async () => {
    const loops = [
      'From: a@x.example\r\nAuto-Submitted: auto-replied',
      'From: a@x.example\r\nPrecedence: bulk',
      'From: a@x.example\r\nReturn-Path: <>',
      'From: MAILER-DAEMON@x.example',
      'From: a@x.example\r\nList-Id: <l.x.example>',
      `From: ${OURS}`,
    ];
    for (const headers of loops) assert.notEqual((await readMail(mail(headers), OURS)).loop, null, headers);
    assert.equal((await readMail(mail('From: a@x.example\r\nAuto-Submitted: no'), OURS)).loop, null);
  });
});
