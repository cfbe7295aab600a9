import { UNSAFE, collectionOf, operationsOf, sample } from './document.js';
import type { OpenApi } from './types.js';

/** Fields of a read item that no form sends. */
const READ_ONLY = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'parentInactive',
  'baseName',
  'workName',
  'contractName',
  'userName',
  'profilePicture',
  'firstAccess',
]);

/** Bodies with their own rules: the sign-in of an account no other request uses; a wrong current password. */
const KNOWN_BODIES: Record<string, Record<string, unknown>> = {
  '/api/authentication/login': { email: 'work@canteiro.test', password: 'demo1234', from_web: true },
  '/api/authentication/change-password': {
    current_password: 'not-the-password',
    new_password: 'Fuzz-new-123',
    confirm_password: 'Fuzz-new-123',
  },
};

type Read = (path: string) => Promise<{ status: number | null; json: unknown }>;

/** A valid body per write (`POST /api/bases`), keyed like the operations. */
export async function validBodies(document: OpenApi, ids: Map<string, string>, read: Read) {
  const bodies = new Map<string, Record<string, unknown>>();
  let unique = 0;
  for (const { key, path, method, operation } of operationsOf(document)) {
    if (!UNSAFE.has(method)) continue;
    const known = KNOWN_BODIES[path];
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (known) bodies.set(key, known);
    else if (schema?.properties && Object.keys(schema.properties).length)
      bodies.set(key, sample(schema) as Record<string, unknown>);
    else if (schema) {
      // Free-form in the document: an existing item as its form would send it.
      const collection = collectionOf(path);
      const id = ids.get(collection);
      if (!id) continue;
      const item = await read(`${collection}${id}`);
      if (typeof item.json !== 'object' || item.json === null) continue;
      const body = Object.fromEntries(
        Object.entries(item.json as Record<string, unknown>).filter(([name]) => !READ_ONLY.has(name)),
      );
      // A person (it has an e-mail): creating one takes a password.
      if ('email' in body) body.password ??= 'Fuzz-pass-123';
      if (method === 'POST') {
        unique += 1;
        for (const name of ['name', 'prj'])
          if (typeof body[name] === 'string') body[name] = `${String(body[name]).slice(0, 100)} fuzz ${unique}`;
        if (typeof body.email === 'string') body.email = `fuzz${unique}@canteiro.test`;
      }
      bodies.set(key, body);
    }
  }
  return bodies;
}
