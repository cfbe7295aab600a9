/** Every business constant of spec §9 lives here, once. */

/** Minimum length of any password (login, change, user form). */
export const MIN_PASSWORD_LENGTH = 5;
/** Below this window width (px) the web app is blocked. */
export const MOBILE_BLOCK_WIDTH = 1064;
/** HTTP request time-out of the API client (ms). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Word that precedes the token in the Authorization header. */
export const AUTH_SCHEME = 'Token';
/** Local-storage keys. */
export const STORAGE_KEYS = { token: 'token', user: 'user', language: 'language' } as const;
/** Cookie issued by the server and header echoed by the client on unsafe requests. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** Notifications: how many at once, and how long each stays (ms). */
export const MAX_NOTIFICATIONS = 5;
export const NOTIFICATION_DURATION_MS = 5_000;
/** Delay before the logout success notification and redirect (ms). */
export const LOGOUT_DELAY_MS = 500;
/** Delay before the sidebar reveals the user panel once the user is read (ms). */
export const USER_PANEL_REVEAL_MS = 300;
/** Avatar text is black above this background brightness (0–255), white otherwise. */
export const AVATAR_BRIGHTNESS_THRESHOLD = 140;
/** User block truncation lengths. */
export const FIRST_NAME_MAX = 18;
export const USERNAME_MAX = 15;
/** Contracts must expect more than this many reports per day per reporter. */
export const MIN_REPORTING_GOAL_EXCLUSIVE = 0;
/**
 * Project health's ranked lists: a longer list is answered by its ends, this many items at the
 * top and at the bottom by each class's share; the whole list on request (docs/dashboards.md).
 */
export const RANK_ENDS = 10;
/** Equipment dashboard ranks this many rental companies. */
export const TOP_COMPANIES = 5;
/** ISO weekday numbers: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const RANGE_TYPES = ['day', 'week', 'month', 'year'] as const;
export type RangeType = (typeof RANGE_TYPES)[number];
/** Locales: pt-BR is the default and the fallback. */
export const LOCALES = ['pt-BR', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-BR';
/** Default maximum size of an uploaded image (MB); the server setting overrides it. */
export const DEFAULT_MAX_IMAGE_MB = 2;

/** Largest id the database holds (PostgreSQL `integer`): larger ones cannot exist and would make a query fail. */
export const MAX_ID = 2_147_483_647;

/** Methods that change something: they need the XSRF header (ARCHITECTURE.md §4). */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Lists: rows a page when the request names none, the most a page may have, the longest search. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH = 100;
/** How long a search box waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Report ingestion (docs/ingestion.md): rows a batch may carry, and each row's limits. */
export const MAX_REPORTS_PER_BATCH = 1000;
/** A device clock may run a little ahead of the server's; more than this is refused. */
export const MAX_REPORT_FUTURE_MINUTES = 5;
/** Workers of one crew seen in one observation (activity report `quantity`). */
export const MAX_WORKERS_SEEN = 200;
/** `notes` and `reportInfo` of a report row. */
export const MAX_REPORT_TEXT = 2000;
