/** A request the schemas refuse is told what is wrong in a sentence naming the field. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Kind, type TSchema } from '@sinclair/typebox';
import * as S from '../../api/index.ts';
import { explain, type RequestPart } from './schema-sentence.ts';

const say = (schema: TSchema, value: unknown, part: RequestPart = 'body') =>
  explain(schema, value, { part, path: [] });

describe('sentences for refused requests', () => {
  it('says what a password and a user id are, in the words of every other refusal', () => {
    assert.equal(say(S.Signup, { user: 'ann', password: 'ab' }), S.PASSWORD_RULE);
    assert.equal(say(S.Signup, { user: 'a', password: 'abcd' }), S.USER_ID_RULE);
    assert.equal(say(S.Credentials, { user: 'ann' }), `password is missing: ${S.PASSWORD_RULE}`);
  });

  it('names a field it does not know, and the fields it does', () => {
    assert.equal(
      say(S.Signup, { user: 'ann', password: 'abcd', admin: true }),
      'there is no field "admin"; the fields are user, password and email',
    );
  });

  it('describes a field without a sentence of its own from its limits', () => {
    assert.equal(say(S.VacationBody, { days: 31 }), 'days is a whole number from 1 to 30');
    assert.equal(say(S.RejectBody, { reject: 'yes' }), 'reject is true or false');
    assert.equal(say(S.TakebackBody, { action: 'undo' }), 'action is one of "propose", "accept" or "reject"');
    assert.equal(
      say(S.ListQuery, { user: 'ann', filter: 'mine' }, 'querystring'),
      `filter in the address's query is one of "all", "active", "inactive", "next" or "challenges"`,
    );
    assert.equal(
      say(S.Signup, 'hello'),
      'the body is a JSON object with user and password, and optionally email',
    );
  });

  it('finds the frame meant by its type and says what it lacks', () => {
    assert.equal(
      say(S.ClientFrame, { type: 'hello' }, 'frame'),
      `the frame's type is one of "auth", "subscribe", "unsubscribe", "move" or "ping"`,
    );
    assert.equal(
      say(S.ClientFrame, { type: 'subscribe' }, 'frame'),
      'a frame needs gameId, metagame or notices',
    );
    assert.equal(
      say(S.ClientFrame, { type: 'move', gameId: 3 }, 'frame'),
      `the frame's move is missing: a move is 1 to ${S.MAX_MOVE_TEXT} characters`,
    );
    assert.equal(
      say(S.ClientFrame, [1, 2], 'frame'),
      'a frame is an object whose type is one of "auth", "subscribe", "unsubscribe", "move" or "ping"',
    );
  });

  it('accepts what the schema accepts', () => {
    assert.equal(say(S.Signup, { user: 'ann', password: 'abcd' }), null);
  });

  it('has a sentence of its own for every field with a pattern, since a pattern means nothing to people', () => {
    const bare: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (typeof schema !== 'object' || schema === null) return;
      const s = schema as Record<string, unknown>;
      if (typeof s.pattern === 'string' && typeof s.errorMessage !== 'string') bare.push(where);
      for (const [key, value] of Object.entries(s)) walk(value, `${where}.${key}`);
    };
    for (const [name, value] of Object.entries(S))
      if (typeof value === 'object' && value !== null && Kind in value) walk(value, name);
    assert.deepEqual(bare, []);
  });
});
