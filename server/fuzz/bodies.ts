import { MOBILE_PREFIX, UNSAFE, collectionOf, operationsOf, sample } from './document.js';
import type { JsonSchema, OpenApi } from './types.js';

/**
 * A valid body per write, from the document: the request schema's fields taken from an
 * existing item (ids and references the schema cannot describe are the item's own), the
 * required ones the item lacks sampled from the schema. So a field added to a schema is
 * fuzzed with no change here.
 */

/** Bodies the document cannot know: the sign-in of an account no other request uses; a wrong current password. */
const KNOWN_BODIES: Record<string, Record<string, unknown>> = {
  '/api/authentication/login': { email: 'work@canteiro.test', password: 'demo1234', from_web: true },
  '/api/authentication/change-password': {
    current_password: 'not-the-password',
    new_password: 'Fuzz-new-123',
    confirm_password: 'Fuzz-new-123',
  },
};

type Item = Record<string, unknown>;
type Read = (path: string) => Promise<{ status: number | null; json: unknown }>;

/**
 * The item a write starts from: the one its path names, or for a create one of its
 * collection; the app's creates (`/api/mobile/surveys`), which have no list, copy one of the
 * back-office list of the same name (`/api/surveys`).
 */
async function itemOf(path: string, ids: Map<string, string>, read: Read): Promise<Item | undefined> {
  const own = collectionOf(path);
  const collection = ids.has(own) ? own : own.replace(MOBILE_PREFIX, '/api/');
  const id = ids.get(collection);
  if (!id) return undefined;
  const answer = await read(`${collection}/${id}`);
  const json = answer.json;
  return answer.status === 200 && typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Item)
    : undefined;
}

/**
 * The schema's fields the item has; those it lacks sampled when required, or when their
 * type is documented (an optional one with no type could only be guessed): so every field
 * of the schema is in the body, and fuzzed.
 */
function fieldsOf(schema: JsonSchema, item: Item | undefined): Item {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
      if (item && Object.hasOwn(item, name)) return [[name, item[name]]];
      return required.has(name) || property.type ? [[name, sample(property)]] : [];
    }),
  );
}

/** Plain text: a string with no format or choice, where a copy's own value may go. */
const isPlainText = (schema: JsonSchema | undefined) =>
  schema?.type === 'string' && !schema.format && !schema.enum && !schema.pattern;

/**
 * A create copies an existing item, so the texts and e-mail it took from `item` are made
 * its own (`n`): a unique name or e-mail taken again would be refused (409), not created.
 */
function madeUnique(body: Item, item: Item, schema: JsonSchema, n: number): Item {
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => {
      const property = schema.properties?.[name];
      if (typeof value !== 'string' || !Object.hasOwn(item, name)) return [name, value];
      if (property?.format === 'email') return [name, `fuzz${n}@canteiro.test`];
      if (!isPlainText(property)) return [name, value];
      const suffix = ` fuzz ${n}`;
      const room = property?.maxLength === undefined ? undefined : property.maxLength - suffix.length;
      return [name, `${value.slice(0, room)}${suffix}`];
    }),
  );
}

/** A valid body per write (`POST /api/bases`), keyed like the operations. */
export async function validBodies(document: OpenApi, ids: Map<string, string>, read: Read) {
  const bodies = new Map<string, Item>();
  let creates = 0;
  for (const { key, path, method, operation } of operationsOf(document)) {
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (!UNSAFE.has(method) || !schema) continue;
    const known = KNOWN_BODIES[path];
    if (known) {
      bodies.set(key, known);
      continue;
    }
    const item = await itemOf(path, ids, read);
    const body = fieldsOf(schema, item);
    bodies.set(key, method === 'POST' && item ? madeUnique(body, item, schema, (creates += 1)) : body);
  }
  return bodies;
}
