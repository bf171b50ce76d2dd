/**
 * A request the schemas refuse, said in a sentence for people: which field is wrong and what it
 * should be ("a password is 4 to 128 characters without spaces"), never a schema path or a
 * pattern. A schema may carry its own sentence (`errorMessage`, declared beside it in src/api/);
 * otherwise the sentence is made from what the schema allows (lengths, ranges, choices).
 */
import { Kind, OptionalKind, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** The part of a request a schema checks: it names the field in the sentence. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers' | 'frame';

type Schema = TSchema & {
  readonly errorMessage?: string;
  readonly properties?: Record<string, Schema>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | Schema;
  readonly patternProperties?: Record<string, Schema>;
  readonly anyOf?: readonly Schema[];
  readonly items?: Schema;
  readonly const?: unknown;
};

const kindOf = (schema: Schema): string => schema[Kind] ?? '';
const isOptional = (schema: Schema): boolean =>
  (schema as { [OptionalKind]?: string })[OptionalKind] === 'Optional';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "a, b and c", or "a, b or c". */
function listOf(words: readonly string[], last = 'and'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

const quoted = (value: unknown) => JSON.stringify(value);

function range(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined)
    return min === max ? `${min} ${unit}` : `${min} to ${max} ${unit}`;
  if (min !== undefined) return `at least ${min} ${unit}`;
  if (max !== undefined) return `at most ${max} ${unit}`;
  return '';
}

/** What a value of this schema is, as a phrase: "a whole number from 1 to 30" (a field's own
 * sentence is used where the field itself is wrong, not here). */
export function describe(schema: Schema): string {
  const s = schema as Record<string, number | undefined>;
  switch (kindOf(schema)) {
    case 'String': {
      const length = range(s.minLength, s.maxLength, 'characters');
      return length ? `text of ${length}` : 'text';
    }
    case 'Integer':
    case 'Number': {
      const what = kindOf(schema) === 'Integer' ? 'a whole number' : 'a number';
      const { minimum: min, maximum: max } = s;
      if (min !== undefined && max !== undefined) return `${what} from ${min} to ${max}`;
      if (min !== undefined) return `${what} of at least ${min}`;
      if (max !== undefined) return `${what} of at most ${max}`;
      return what;
    }
    case 'Boolean':
      return 'true or false';
    case 'Literal':
      return quoted(schema.const);
    case 'Null':
      return 'null';
    case 'Union': {
      const members = schema.anyOf ?? [];
      if (members.every((m) => kindOf(m) === 'Literal'))
        return `one of ${listOf(
          members.map((m) => quoted(m.const)),
          'or',
        )}`;
      return listOf(members.map(describe), 'or');
    }
    case 'Array': {
      const count = range(s.minItems, s.maxItems, 'items');
      const items = schema.items ? `, each ${describe(schema.items)}` : '';
      return `a list${count ? ` of ${count}` : ''}${items}`;
    }
    case 'Record':
      return s.maxProperties === undefined ? 'an object' : `an object of at most ${s.maxProperties} entries`;
    case 'Object': {
      const names = Object.keys(schema.properties ?? {});
      const required = names.filter((n) => schema.required?.includes(n));
      const optional = names.filter((n) => !schema.required?.includes(n));
      if (names.length === 0) return 'an empty object';
      const parts = [required.length ? `with ${listOf(required)}` : ''];
      if (optional.length)
        parts.push(`${required.length ? ', and ' : 'with '}optionally ${listOf(optional, 'or')}`);
      return `an object ${parts.filter(Boolean).join('')}`;
    }
    default:
      return 'a value of another kind';
  }
}

/** How a field is named in a sentence, by where it sits in the request. */
export interface Place {
  readonly part: RequestPart;
  /** Names from the request's top down: "players", "2". */
  readonly path: readonly string[];
}

function nameOf({ part, path }: Place): string {
  if (path.length === 0)
    return {
      body: 'the body',
      querystring: 'the query',
      params: 'the address',
      headers: 'the headers',
      frame: 'a frame',
    }[part];
  const [first, ...rest] = path;
  let name = first as string;
  for (const step of rest)
    name = /^\d+$/.test(step) ? `item ${Number(step) + 1} of ${name}` : `${name}.${step}`;
  if (part === 'querystring') return `${name} in the address's query`;
  if (part === 'params') return `${name} in the address`;
  if (part === 'frame') return `the frame's ${name}`;
  return name;
}

const at = (place: Place, step: string): Place => ({ ...place, path: [...place.path, step] });

/** The sentence saying what is wrong with `value`, or null when the schema accepts it. */
export function explain(schema: Schema, value: unknown, place: Place): string | null {
  const accepted: boolean = Value.Check(schema, value);
  if (accepted) return null;
  const said = schema.errorMessage;
  switch (kindOf(schema)) {
    case 'Object':
      return explainObject(schema, value, place);
    case 'Union':
      return said ?? explainUnion(schema, value, place);
    case 'Array': {
      if (!Array.isArray(value) || !schema.items) break;
      const s = schema as Record<string, number | undefined>;
      if (
        (s.minItems !== undefined && value.length < s.minItems) ||
        (s.maxItems !== undefined && value.length > s.maxItems)
      )
        break;
      for (const [i, item] of value.entries()) {
        const wrong = explain(schema.items, item, at(place, String(i)));
        if (wrong) return wrong;
      }
      break;
    }
    case 'Record': {
      if (!isRecord(value)) break;
      const [entries] = Object.values(schema.patternProperties ?? {});
      const s = schema as Record<string, number | undefined>;
      if (s.maxProperties !== undefined && Object.keys(value).length > s.maxProperties) break;
      for (const [key, item] of Object.entries(value)) {
        const wrong = entries && explain(entries, item, at(place, key));
        if (wrong) return wrong;
      }
      break;
    }
  }
  return said ?? `${nameOf(place)} is ${describe(schema)}`;
}

function explainObject(schema: Schema, value: unknown, place: Place): string {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (!isRecord(value)) {
    const what = place.part === 'body' && place.path.length === 0 ? 'a JSON object' : 'an object';
    return `${nameOf(place)} is ${what}${names.length ? ` ${describe(schema).replace(/^an? (JSON )?object /, '')}` : ''}`;
  }
  if (schema.additionalProperties === false) {
    const extra = Object.keys(value).find((key) => !Object.hasOwn(properties, key));
    if (extra !== undefined) {
      const where = place.path.length ? ` in ${nameOf(place)}` : '';
      return `there is no field ${quoted(extra.slice(0, 40))}${where}; the fields are ${listOf(names)}`;
    }
  }
  for (const name of names) {
    const property = properties[name] as Schema;
    if (!Object.hasOwn(value, name) || value[name] === undefined) {
      if (isOptional(property) || !schema.required?.includes(name)) continue;
      return `${nameOf(at(place, name))} is missing: ${property.errorMessage ?? `it is ${describe(property)}`}`;
    }
    const wrong = explain(property, value[name], at(place, name));
    if (wrong) return wrong;
  }
  return `${nameOf(place)} is ${describe(schema)}`;
}

/**
 * A union of objects told apart by a literal field (the frames' `type`): the members that field
 * picks, and among them the one the value's fields fit best.
 */
function explainUnion(schema: Schema, value: unknown, place: Place): string {
  const members = schema.anyOf ?? [];
  const objects = members.filter((m) => kindOf(m) === 'Object');
  if (objects.length === 0 || objects.length !== members.length)
    return `${nameOf(place)} is ${describe(schema)}`;
  const tag = Object.keys(objects[0]?.properties ?? {}).find((key) =>
    objects.every((m) => kindOf(m.properties?.[key] ?? ({} as Schema)) === 'Literal'),
  );
  const tags = () => listOf([...new Set(objects.map((m) => quoted(m.properties?.[tag ?? '']?.const)))], 'or');
  if (!isRecord(value))
    return tag === undefined
      ? `${nameOf(place)} is ${describe(schema)}`
      : `${nameOf(place)} is an object whose ${tag} is one of ${tags()}`;
  let candidates = objects;
  if (tag !== undefined) {
    candidates = objects.filter((m) => m.properties?.[tag]?.const === value[tag]);
    if (candidates.length === 0) return `${nameOf(at(place, tag))} is one of ${tags()}`;
  }
  // The members sharing the most fields with the value; several equally near ones each want
  // a field the value lacks: name those.
  const shared = (m: Schema) => Object.keys(value).filter((k) => Object.hasOwn(m.properties ?? {}, k)).length;
  const best = Math.max(...candidates.map(shared));
  const nearest = candidates.filter((m) => shared(m) === best);
  if (nearest.length > 1) {
    const wanted = nearest.flatMap((m) =>
      (m.required ?? []).filter((k) => !Object.hasOwn(value, k)).slice(0, 1),
    );
    if (wanted.length === nearest.length)
      return `${nameOf(place)} needs ${listOf([...new Set(wanted)], 'or')}`;
  }
  return explain(nearest[0] as Schema, value, place) ?? `${nameOf(place)} is ${describe(schema)}`;
}
