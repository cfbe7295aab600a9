import { STORAGE_KEYS } from '@canteiro/shared/domain';
import type { SessionUser } from '@canteiro/shared/domain';
import { api, authApi, setLoginRedirect, toApiError } from '../api';
import { i18n } from '../i18n';
import { useSession } from '../session';
import { serve } from '../../../test/network';

const user: SessionUser = {
  id: 1,
  email: 'ana@canteiro.test',
  username: 'ana',
  first_name: 'Ana',
  permission_set: { value: 'admin', label: 'Administrador' },
};

// The network is replaced here only to look at the requests the client builds; the real
// client against the real server is exercised by the server and end-to-end suites.
let requests: Request[] = [];
let answer: () => Response = () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests = [];
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
  serve((request) => {
    requests.push(request.clone());
    return answer();
  });
  useSession.getState().clear();
});

describe('the API client (spec §6, §7)', () => {
  it('sends "Authorization: Token <token>" when a token is stored', async () => {
    useSession.getState().signIn('abc123', user);
    await api.get('bases').json();
    expect(requests[0]!.url).toBe('http://localhost/api/bases');
    expect(requests[0]!.headers.get('Authorization')).toBe('Token abc123');
  });

  it("sends the app's language, not the browser's, as Accept-Language (messages and exports)", async () => {
    await i18n.changeLanguage('en-US');
    await api.get('bases').json();
    await i18n.changeLanguage('pt-BR');
    await api.get('bases').json();
    expect(requests.map((request) => request.headers.get('Accept-Language'))).toEqual(['en-US', 'pt-BR']);
  });

  it('sends no Authorization header when signed out', async () => {
    await api.get('health').json();
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on unsafe same-origin calls', async () => {
    await api.post('authentication/logout').json();
    expect(requests[0]!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
  });

  it('login sends from_web = true and stores the token and the user under their keys', async () => {
    answer = () =>
      new Response(JSON.stringify({ token: 'tok', user }), { headers: { 'content-type': 'application/json' } });
    await authApi.login({ email: 'ana@canteiro.test', password: 'demo1234' });
    expect(await requests[0]!.json()).toEqual({ email: 'ana@canteiro.test', password: 'demo1234', from_web: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(user);
  });

  it("login keeps the session only once the next screen's `ready` has settled, failed or not", async () => {
    answer = () =>
      new Response(JSON.stringify({ token: 'tok', user }), { headers: { 'content-type': 'application/json' } });
    for (const outcome of ['resolve', 'reject'] as const) {
      useSession.getState().clear();
      let settle: () => void = () => undefined;
      const ready = new Promise<void>((resolve, reject) => {
        settle = outcome === 'resolve' ? resolve : () => reject(new Error('chunk failed'));
      });
      const signedIn = authApi.login({ email: 'ana@canteiro.test', password: 'demo1234' }, { ready });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(requests).not.toHaveLength(0);
      expect(useSession.getState().token).toBeNull();
      settle();
      await signedIn;
      expect(useSession.getState().token).toBe('tok');
    }
  });

  it('a 403 answer clears the token and the user and goes to login', async () => {
    const redirect = jest.fn();
    setLoginRedirect(redirect);
    useSession.getState().signIn('abc123', user);
    answer = () => new Response(JSON.stringify({ code: 'forbidden', message: 'no' }), { status: 403 });
    await expect(api.get('bases').json()).rejects.toThrow();
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(redirect).toHaveBeenCalled();
  });

  it('a 409 password_change_required keeps the session and marks the user first-access (the guard goes to /password)', async () => {
    const redirect = jest.fn();
    setLoginRedirect(redirect);
    useSession.getState().signIn('abc123', user);
    answer = () =>
      new Response(JSON.stringify({ code: 'password_change_required', message: 'troque' }), { status: 409 });
    const failure = await api.get('users').json().catch(toApiError);
    expect(failure).toMatchObject({ code: 'password_change_required', status: 409 });
    expect(useSession.getState().token).toBe('abc123');
    expect(useSession.getState().user?.permission_set.first_access).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).permission_set.first_access).toBe(true);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('another 409 (a duplicate) changes nothing in the session', async () => {
    useSession.getState().signIn('abc123', user);
    answer = () => new Response(JSON.stringify({ code: 'duplicate_base_name', message: 'x' }), { status: 409 });
    await expect(api.post('bases', { json: {} }).json()).rejects.toThrow();
    expect(useSession.getState().user).toEqual(user);
  });

  it('a refused login (403 reporter_denied) does not bounce the login page', async () => {
    const redirect = jest.fn();
    setLoginRedirect(redirect);
    answer = () => new Response(JSON.stringify({ code: 'reporter_denied', message: 'no' }), { status: 403 });
    const failure = await authApi.login({ email: 'r@canteiro.test', password: 'demo1234' }).catch(toApiError);
    expect(failure).toMatchObject({ code: 'reporter_denied', status: 403 });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('turns an error answer into its stable code and field codes', async () => {
    answer = () =>
      new Response(JSON.stringify({ code: 'validation_failed', message: 'x', fields: { email: 'invalid_email' } }), {
        status: 400,
      });
    const failure = await api.post('authentication/login', { json: {} }).json().catch(toApiError);
    expect(failure).toMatchObject({ code: 'validation_failed', status: 400, fields: { email: 'invalid_email' } });
  });

  it('reads a token stored before the page loaded', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { useSession: fresh } = require('../session') as { useSession: typeof useSession };
      expect(fresh.getState().token).toBe('stored');
    });
  });
});
