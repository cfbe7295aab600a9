/**
 * An in-memory `/api/things` for the kit's component tests: the kit is the unit under test,
 * so the network is replaced here (the real server meets the kit in the end-to-end suite).
 */
import * as v from 'valibot';
import { useSession } from '@canteiro/shared/core';
import { serve } from '../../../../test/network';
import type { ResourceDefinition } from '../types';

export interface Thing {
  id: number;
  name: string;
  isActive: boolean;
  isFinished?: boolean;
}

export function fakeThingsApi(count: number) {
  const things: Thing[] = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Thing ${String(index + 1).padStart(2, '0')}`,
    isActive: index % 10 !== 9,
  }));
  const calls: { method: string; url: URL; body: unknown }[] = [];
  /** What `/api/contracts/options` answers: the contracts in the user's scope. */
  const contracts = [
    { id: 1, name: 'Contrato Alfa' },
    { id: 2, name: 'Contrato Beta' },
  ];
  /** Files sent to `/api/things/:id/picture`, by thing. */
  const pictures = new Map<number, File>();
  /** What `/api/settings` answers (a test may change it before the form reads it). */
  const settings = { maxImageMb: 1, failStatus: false };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
    const body = !['POST', 'PUT', 'PATCH'].includes(request.method)
      ? undefined
      : multipart
        ? await request.clone().formData()
        : await request
            .clone()
            .text()
            .then((text) => (text ? (JSON.parse(text) as unknown) : undefined));
    calls.push({ method: request.method, url, body });
    if (url.pathname === '/api/health/live') return json({ status: 'ok' });
    if (url.pathname === '/api/settings') return json({ maxImageMb: settings.maxImageMb });
    const picture = /^\/api\/things\/(\d+)\/picture$/.exec(url.pathname);
    if (request.method === 'POST' && picture) {
      pictures.set(Number(picture[1]), (body as FormData).get('file') as File);
      return json({ profilePicture: `/api/things/${picture[1]}/picture?v=1` });
    }
    if (request.method === 'GET' && url.pathname === '/api/contracts/options') return json(contracts);
    // Any other list's options: two per endpoint, named after it and the query ("areas 1").
    const options = /^\/api\/(\w+)\/options$/.exec(url.pathname);
    if (request.method === 'GET' && options) {
      const narrowed = url.searchParams.toString();
      return json([1, 2].map((id) => ({ id, name: `${options[1]} ${id}${narrowed ? ` (${narrowed})` : ''}` })));
    }
    if (request.method === 'GET' && url.pathname === '/api/things/export') {
      return new Response('id;name', { headers: { 'content-disposition': 'attachment; filename="things.csv"' } });
    }
    const finish = /^\/api\/things\/(\d+)\/finish$/.exec(url.pathname);
    if (request.method === 'POST' && finish) {
      const thing = things.find((one) => one.id === Number(finish[1]))!;
      if (thing.isFinished) return json({ code: 'activity_already_finished', message: 'done' }, 409);
      thing.isFinished = true;
      return json(thing);
    }
    const status = /^\/api\/things\/(\d+)\/status$/.exec(url.pathname);
    if (request.method === 'PATCH' && status) {
      if (settings.failStatus) return json({ code: 'server_error', message: 'Ocorreu um erro no servidor.' }, 500);
      const thing = things.find((one) => one.id === Number(status[1]))!;
      thing.isActive = (body as { isActive: boolean }).isActive;
      return json(thing);
    }
    if (request.method === 'POST' && url.pathname === '/api/things') {
      const input = body as Thing;
      if (things.some((one) => one.name.toLowerCase() === input.name.toLowerCase())) {
        return json({ code: 'duplicate_name', message: 'dup', fields: { name: 'duplicate_name' } }, 409);
      }
      const created = { ...input, id: things.length + 1 };
      things.push(created);
      return json(created, 201);
    }
    const one = /^\/api\/things\/(\d+)$/.exec(url.pathname);
    if (request.method === 'PUT' && one) {
      const index = things.findIndex((thing) => thing.id === Number(one[1]));
      things[index] = { ...things[index]!, ...(body as Thing) };
      return json(things[index]);
    }
    if (request.method === 'GET' && url.pathname === '/api/things') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const includeInactive = url.searchParams.get('includeInactive') === 'true';
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const matching = things.filter(
        (one) => (includeInactive || one.isActive) && one.name.toLowerCase().includes(search),
      );
      return json({
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      });
    }
    return json({ code: 'not_found', message: 'no' }, 404);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, things, pictures, contracts, settings };
}

/** Serves `count` things as the page's API, signed in as an admin (with the XSRF cookie set). */
export function serveFakeThings(count: number): ReturnType<typeof fakeThingsApi> {
  const api = fakeThingsApi(count);
  serve((request) => api.fetch(request));
  document.cookie = 'XSRF-TOKEN=x; path=/';
  useSession
    .getState()
    .signIn('token', { id: 1, email: 'a@b.c', username: 'a', permission_set: { value: 'admin', label: 'Admin' } });
  return api;
}

/** The things as a resource: a name and a status. */
export const thingResource: ResourceDefinition<Thing> = {
  endpoint: 'things',
  namespace: 'test',
  singularKey: 'thing.one',
  pluralKey: 'thing.other',
  hasActiveness: true,
  columns: [{ key: 'name', titleKey: 'name' }],
  fields: [
    { name: 'name', labelKey: 'name', kind: 'text' },
    { name: 'isActive', labelKey: 'active', kind: 'activeness' },
  ],
  createSchema: v.object({
    name: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required')),
    isActive: v.boolean('required'),
  }),
  describe: (thing) => thing.name,
};
