import ky, { HTTPError, TimeoutError } from 'ky';
import type { KyInstance } from 'ky';
import { AUTH_SCHEME, REQUEST_TIMEOUT_MS, UNSAFE_METHODS, XSRF_COOKIE, XSRF_HEADER } from '@canteiro/shared/domain';
import type {
  ApiErrorBody,
  ChangePasswordInput,
  LoginInput,
  LoginResponse,
  SessionUser,
} from '@canteiro/shared/domain';
import { currentLocale } from './i18n.js';
import { useSession } from './session.js';

/** Where the client sends someone whose session the server refused; the host installs a router-aware one. */
let goToLogin: () => void = () => window.location.assign('/login');
export function setLoginRedirect(redirect: () => void): void {
  goToLogin = redirect;
}

/** The server's answer to a session still on its temporary password (docs/server.md, "First access"). */
export const PASSWORD_CHANGE_REQUIRED = { status: 409, code: 'password_change_required' } as const;

/**
 * The server says the temporary password must be changed first: the session stays, the
 * stored user is marked first-access, and the navigation guard takes it to /password.
 */
async function requirePasswordChangeOn(response: Response): Promise<void> {
  if (response.status !== PASSWORD_CHANGE_REQUIRED.status) return;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Partial<ApiErrorBody> | null;
  const { user, setUser } = useSession.getState();
  if (body?.code !== PASSWORD_CHANGE_REQUIRED.code || !user) return;
  setUser({ ...user, permission_set: { ...user.permission_set, first_access: true } });
}

/** Calls whose 401/403 is about what was typed, not about the session. */
const CREDENTIAL_CALLS = ['authentication/login', 'authentication/change-password'];

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

/**
 * The server issues the XSRF cookie on any answer; fetch one before the first unsafe call if
 * missing, from the liveness check (no database query, and 200 even while the node drains).
 */
async function ensureXsrfCookie(): Promise<string | null> {
  if (!readCookie(XSRF_COOKIE))
    await fetch(new URL(`${API_PREFIX}health/live`, window.location.href), { credentials: 'same-origin' }).catch(
      () => undefined,
    );
  return readCookie(XSRF_COOKIE);
}

/** The API lives on the page's own origin, under /api/ (ARCHITECTURE.md §4). */
export const API_PREFIX = '/api/';

export const api: KyInstance = ky.create({
  prefixUrl: typeof window === 'undefined' ? API_PREFIX : new URL(API_PREFIX, window.location.href).toString(),
  timeout: REQUEST_TIMEOUT_MS,
  credentials: 'same-origin',
  retry: 0,
  hooks: {
    beforeRequest: [
      async (request) => {
        const token = useSession.getState().token;
        if (token) request.headers.set('Authorization', `${AUTH_SCHEME} ${token}`);
        // The server writes messages and exports in the request's language: the app's, not the browser's.
        request.headers.set('Accept-Language', currentLocale());
        if (UNSAFE_METHODS.has(request.method) && isSameOrigin(request.url)) {
          const xsrf = await ensureXsrfCookie();
          if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
        }
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        const isCredentialCall = CREDENTIAL_CALLS.some((path) => request.url.includes(path));
        // Spec §4: a 403 clears the session and goes to login; an expired token (401) likewise.
        if ((response.status === 403 || response.status === 401) && !isCredentialCall) {
          useSession.getState().clear();
          goToLogin();
        }
        await requirePasswordChangeOn(response);
        return response;
      },
    ],
  },
});

/** An API failure as the client sees it: a stable code, the server's message and field codes. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
    /** Values the message names, sent beside it (`maxSize` of image_too_large). */
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Turns whatever a call threw into an ApiError with a code the error catalogue knows. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body = (await error.response
      .clone()
      .json()
      .catch(() => null)) as Partial<ApiErrorBody> | null;
    const status = error.response.status;
    const code = typeof body?.code === 'string' ? body.code : status >= 500 ? 'server_error' : 'validation_failed';
    const { code: _code, message: _message, fields, ...params } = (body ?? {}) as Record<string, unknown>;
    return new ApiError(
      code,
      body?.message ?? error.message,
      status,
      (fields as Record<string, string> | undefined) ?? {},
      Object.fromEntries(
        Object.entries(params).filter(([, value]) => typeof value === 'string' || typeof value === 'number'),
      ) as Record<string, string | number>,
    );
  }
  if (error instanceof TimeoutError) return new ApiError('network_error', error.message, 0);
  return new ApiError('network_error', error instanceof Error ? error.message : String(error), 0);
}

/** The three calls of spec §7. */
export const authApi = {
  /**
   * `ready`: what the next screen needs first (its chunk). The session is kept only once it has
   * settled: the guard moves a signed-in user off the login page the moment the session holds a
   * token, and a screen whose chunk is still on its way shows a spinner instead.
   */
  async login(credentials: LoginInput, { ready }: { ready?: Promise<unknown> } = {}): Promise<LoginResponse> {
    const answer = await api
      .post('authentication/login', { json: { ...credentials, from_web: true } })
      .json<LoginResponse>();
    await ready?.catch(() => undefined);
    useSession.getState().signIn(answer.token, answer.user);
    return answer;
  },
  /** Ends the token on the server; the caller clears the session (after the logout delay). */
  async logout(): Promise<void> {
    await api.post('authentication/logout');
  },
  /** Reloads the signed-in user (after its name or picture changed elsewhere). */
  async refreshUser(): Promise<SessionUser> {
    const { user } = await api.get('authentication/me').json<{ user: SessionUser }>();
    useSession.getState().setUser(user);
    return user;
  },
  async changePassword(input: ChangePasswordInput): Promise<SessionUser> {
    const { user } = await api.post('authentication/change-password', { json: input }).json<{ user: SessionUser }>();
    useSession.getState().setUser(user);
    return user;
  },
};
