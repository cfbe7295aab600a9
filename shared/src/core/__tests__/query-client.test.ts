import { queryClient } from '../query-client';
import { useSession } from '../session';

const user = (id: number) => ({
  id,
  email: `user${id}@canteiro.test`,
  username: `user${id}`,
  permission_set: { value: 'admin' as const, label: 'Administrador' },
});

describe("the core's query client", () => {
  it("shows nothing of one user to the next: signing out empties the cache, and so does another user's sign-in", () => {
    useSession.getState().signIn('first-token', user(1));
    queryClient.setQueryData(['bases', 'list'], { items: [{ id: 1 }] });
    useSession.getState().clear();
    expect(queryClient.getQueryData(['bases', 'list'])).toBeUndefined();

    useSession.getState().signIn('second-token', user(2));
    queryClient.setQueryData(['bases', 'list'], { items: [{ id: 2 }] });
    useSession.getState().signIn('third-token', user(3));
    expect(queryClient.getQueryData(['bases', 'list'])).toBeUndefined();
  });

  it('keeps the cache while the same session goes on (a user refreshed after a profile save)', () => {
    useSession.getState().signIn('token', user(1));
    queryClient.setQueryData(['bases', 'list'], { items: [] });
    useSession.getState().setUser({ ...user(1), first_name: 'Ana' });
    expect(queryClient.getQueryData(['bases', 'list'])).toEqual({ items: [] });
  });
});
