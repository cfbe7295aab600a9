import { useSession } from '@canteiro/shared/core';
import { serve } from '../../../shared/test/network';
import type { UserItem } from '@canteiro/shared/domain';
import { userResource } from '../features/resources/people';

/** Saving one's own user reloads the session's user (sidebar name and picture); others' rows do not. */
const row = (id: number) => ({ id, firstName: 'Ana', email: 'ana@x.test' }) as UserItem;
let calls: string[];

beforeEach(() => {
  calls = [];
  serve((request) => {
    calls.push(new URL(request.url).pathname);
    const user = {
      id: 7,
      email: 'ana@x.test',
      username: 'ana',
      first_name: 'Ana',
      profile_picture: '/api/users/7/picture?v=new',
      permission_set: { value: 'admin', label: 'Administrador' },
    };
    return new Response(JSON.stringify({ user }), { headers: { 'content-type': 'application/json' } });
  });
  useSession.getState().signIn('token', {
    id: 7,
    email: 'ana@x.test',
    username: 'ana',
    profile_picture: null,
    permission_set: { value: 'admin', label: 'Administrador' },
  });
});

test("saving one's own row reloads the session's user", async () => {
  await userResource.afterSave!(row(7));
  expect(calls).toEqual(['/api/authentication/me']);
  expect(useSession.getState().user?.profile_picture).toBe('/api/users/7/picture?v=new');
});

test("saving someone else's row leaves the session alone", async () => {
  await userResource.afterSave!(row(8));
  expect(calls).toEqual([]);
  expect(useSession.getState().user?.profile_picture).toBeNull();
});

test('no row offers its own user "Desativar": the server refuses it (cannot_deactivate_self)', () => {
  const me = useSession.getState().user!;
  expect(userResource.canChangeActiveness!(row(7), me)).toBe(false);
  expect(userResource.canChangeActiveness!(row(8), me)).toBe(true);
});

test('users can be filtered by profile and contract, the filters the server accepts', () => {
  expect(userResource.filters?.map((filter) => filter.param)).toEqual(['permission', 'contract']);
});
