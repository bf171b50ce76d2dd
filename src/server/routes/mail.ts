/**
 * An account's mail: its address (verified by a mailed code), its choice of notices, and the
 * links in mails: confirming an address, and the one-click unsubscribe (RFC 8058), which mail
 * programs POST to without anyone logged in.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import * as S from '../../api/index.ts';
import type { RouteContext } from '../http/index.ts';
import { unwrap } from '../http/index.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page for a link opened from a mail (no script: the pages' policy allows none inline). */
function page(reply: FastifyReply, status: number, title: string, text: string, form?: string) {
  const button = form
    ? `<form method="post" action="${escapeHtml(form)}"><button type="submit">Unsubscribe</button></form>`
    : '';
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
        `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${button}</body></html>`,
    );
}

export const mailRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { mail, auth }) => {
  const { userOf, checksPassword } = auth;
  // The one-click unsubscribe comes as a form: `List-Unsubscribe=One-Click`.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  app.get('/api/mail', async (request) => mail.status(await userOf(request)));
  app.put('/api/mail/address', { schema: { body: S.AddressBody } }, async (request, reply) => {
    const asked = unwrap(await mail.setAddress(await userOf(request), request.body.address));
    return reply.status(202).send(asked);
  });
  app.delete('/api/mail/address', async (request) => {
    await mail.removeAddress(await userOf(request));
    return { ok: true };
  });
  app.post('/api/mail/verify', { onRequest: checksPassword, schema: { body: S.CodeBody } }, async (request) =>
    unwrap(await mail.verify(await userOf(request), request.body.code)),
  );
  app.put('/api/mail/notify', { schema: { body: S.NotifyBody } }, async (request) =>
    unwrap(await mail.setNotify(await userOf(request), request.body.notify)),
  );

  // Links in mails, opened by people who may not be logged in here.
  app.get(
    '/api/mail/verify',
    { onRequest: checksPassword, schema: { querystring: S.VerifyLinkQuery } },
    async (request, reply) => {
      const checked = await mail.verify(request.query.user.toLowerCase(), request.query.code);
      return checked.ok
        ? page(reply, 200, 'Address confirmed', `Tessera will send your mail to ${checked.value.address}.`)
        : page(reply, 400, 'Not confirmed', `${checked.error}.`);
    },
  );
  app.get('/api/mail/unsubscribe', { schema: { querystring: S.UnsubscribeQuery } }, async (request, reply) =>
    // Opening the link only asks: link checkers and previews must not unsubscribe anyone.
    page(
      reply,
      200,
      'Unsubscribe',
      `Stop all mail from Tessera to the account ${request.query.user.toLowerCase()}?`,
      request.url,
    ),
  );
  app.post(
    '/api/mail/unsubscribe',
    { onRequest: checksPassword, schema: { querystring: S.UnsubscribeQuery } },
    async (request, reply) => {
      const user = request.query.user.toLowerCase();
      const done = await mail.unsubscribe(user, request.query.token);
      return done.ok
        ? page(reply, 200, 'Unsubscribed', `No more mail will be sent for the account ${user}.`)
        : page(reply, 403, 'Not unsubscribed', `${done.error}.`);
    },
  );
};
