import type { SessionUser } from '@canteiro/shared/domain';
import { decide } from '../guard';

const userOf = (value: SessionUser['permission_set']['value']): SessionUser => ({
  id: 1,
  email: 'x@canteiro.test',
  username: 'x',
  permission_set: { value, label: value },
});
const signedIn = (value: SessionUser['permission_set']['value']) => ({ token: 't', user: userOf(value) });
const signedOut = { token: null, user: null };

describe('the navigation guard (spec §2)', () => {
  it('sends a signed-in user opening login to home', () => {
    expect(decide({ auth: 'guest' }, signedIn('contract'))).toEqual({ kind: 'redirect', to: '/home' });
  });
  it('lets a signed-out visitor open login', () => {
    expect(decide({ auth: 'guest' }, signedOut)).toEqual({ kind: 'allow' });
  });
  it('sends a signed-out visitor of a route needing a login to login', () => {
    expect(decide({ auth: 'required' }, signedOut)).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('sends a token without a stored user to login', () => {
    expect(decide({ auth: 'required' }, { token: 't', user: null })).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('shows the 404 screen when the permission is missing: a contract user cannot open /admin/base', () => {
    expect(decide({ auth: 'required', permission: 'base' }, signedIn('contract'))).toEqual({ kind: 'not-found' });
  });
  it('lets a user through at or above the required level', () => {
    expect(decide({ auth: 'required', permission: 'base' }, signedIn('base'))).toEqual({ kind: 'allow' });
    expect(decide({ auth: 'required', permission: 'contract' }, signedIn('admin'))).toEqual({ kind: 'allow' });
  });
  it('sends a first-access user to /password from every route that needs a login', () => {
    const first = {
      token: 't',
      user: {
        ...userOf('admin'),
        permission_set: { value: 'admin' as const, label: 'Administrador', first_access: true },
      },
    };
    expect(decide({ auth: 'required' }, first)).toEqual({ kind: 'redirect', to: '/password' });
    expect(decide({ auth: 'required', permission: 'base' }, first)).toEqual({ kind: 'redirect', to: '/password' });
    expect(decide({ auth: 'public' }, first)).toEqual({ kind: 'allow' });
    const changed = {
      token: 't',
      user: { ...first.user, permission_set: { ...first.user.permission_set, first_access: false } },
    };
    expect(decide({ auth: 'required' }, changed)).toEqual({ kind: 'allow' });
  });

  it('lets anyone open a public route (password, 404)', () => {
    expect(decide({ auth: 'public' }, signedOut)).toEqual({ kind: 'allow' });
  });
});
