import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { PROFILES, SESSION_CHANNELS, SURVEY_RATING } from '@canteiro/shared/domain';
import { createdAt, id, isActive, lower, oneOf, sortKey } from './columns.js';
import { bases, contracts, works } from './organisation.js';

/** Who signs in, their sessions, failed sign-ins, and the reporters' survey answers. */

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name'),
    email: text('email').notNull(),
    username: text('username').notNull(),
    /** argon2id, never the password. */
    passwordHash: text('password_hash').notNull(),
    profile: text('profile').notNull(),
    baseId: integer('base_id').references(() => bases.id),
    workId: integer('work_id'),
    contractId: integer('contract_id'),
    profilePicture: text('profile_picture'),
    /** What the admin list searches, lower-cased once on write: LIKE on it is ~5× cheaper than ILIKE on two columns. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(coalesce(first_name, '') || ' ' || email)`),
    /** Set while the user still holds a temporary password. */
    firstAccess: boolean('first_access').notNull().default(false),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(lower(t.email)),
    // The admin list: sorted by name, searched by name or e-mail (pg_trgm), scoped by level.
    index('users_name_sort_idx').on(sortKey(t.firstName), t.id),
    index('users_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // A base, work or contract user's list walks its level's users in name order and stops at
    // its page (scope.ts usersScope), instead of filtering the whole name index (issue 22).
    // Migration 0024 rebuilds these four with every column a default page reads INCLUDEd, so
    // the walk is index-only (drizzle cannot declare INCLUDE; same names, so generate keeps them).
    index('users_base_sort_idx').on(t.baseId, sortKey(t.firstName), t.id),
    index('users_work_sort_idx').on(t.workId, sortKey(t.firstName), t.id),
    index('users_contract_sort_idx').on(t.contractId, sortKey(t.firstName), t.id),
    check('users_profile_check', oneOf(t.profile, PROFILES)),
    // Scoping (ARCHITECTURE.md §5) needs the ids of the user's own level and above.
    check(
      'users_scope_check',
      sql`(${t.profile} = 'admin' or ${t.baseId} is not null)
        and (${t.profile} in ('admin', 'base') or ${t.workId} is not null)
        and (${t.profile} in ('admin', 'base', 'work') or ${t.contractId} is not null)`,
    ),
    foreignKey({ name: 'users_work_base_fk', columns: [t.workId, t.baseId], foreignColumns: [works.id, works.baseId] }),
    foreignKey({
      name: 'users_contract_work_fk',
      columns: [t.contractId, t.workId],
      foreignColumns: [contracts.id, contracts.workId],
    }),
  ],
);

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Profile pictures live in the database, not on a disk, so every instance behind a load
 * balancer serves the same file. `users.profile_picture` holds the URL that serves it.
 */
export const userPictures = pgTable('user_pictures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** image/jpeg or image/png, as read from the file's first bytes. */
  contentType: text('content_type').notNull(),
  content: bytes('content').notNull(),
  /** SHA-256 of the content: the URL's version, so browsers may cache each picture for good. */
  digest: text('digest').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a user last chose, kept for every device they sign in on (docs/dashboards.md, "Filters
 * that follow the user"): the contract the Dashboards open on. A contract deleted empties it.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dashboardContractId: integer('dashboard_contract_id').references(() => contracts.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A session: only the SHA-256 of the token is kept, so a leaked table opens no session. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /**
     * Where the session was opened: `web` (the back-office, `from_web: true`) opens every
     * route but the mobile app's; `mobile` opens /api/mobile/* only (docs/ingestion.md).
     */
    channel: text('channel').notNull().default('web'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
    check('auth_tokens_channel_check', oneOf(t.channel, SESSION_CHANNELS)),
  ],
);

/**
 * A device that has signed in to an account before (OWASP's "device cookie", docs/server.md):
 * its failures are counted on their own, so limits that guesses from elsewhere caused never
 * stop it. Only the SHA-256 of its token is kept; the token is the browser's HttpOnly cookie
 * or what the mobile app keeps (docs/ingestion.md).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    /** lower(e-mail): a device is trusted for the account it signed in to, no other. */
    account: text('account').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_unique').on(t.tokenHash),
    index('trusted_devices_account_idx').on(t.account, t.lastUsedAt),
  ],
);

/**
 * One row per failed sign-in. Kept in the database, not in memory, so every server
 * instance behind a load balancer counts the same failures. A failure from a trusted device
 * names it and counts only against that device.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** lower(e-mail) as typed, whether or not such a user exists. */
    account: text('account').notNull(),
    address: text('address').notNull(),
    deviceId: bigint('device_id', { mode: 'number' }).references(() => trustedDevices.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.account, t.attemptedAt),
    index('login_attempts_address_idx').on(t.address, t.attemptedAt),
    index('login_attempts_device_idx').on(t.deviceId, t.attemptedAt),
    // Old failures are pruned by time.
    index('login_attempts_time_idx').on(t.attemptedAt),
  ],
);

/** What reporters think of the mobile app (read-only in the back-office). */
export const surveys = pgTable(
  'surveys',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contractId: integer('contract_id').references(() => contracts.id),
    reportTime: timestamp('report_time', { withTimezone: true }).notNull(),
    experience: smallint('experience').notNull(),
    usability: smallint('usability').notNull(),
    resources: smallint('resources').notNull(),
    suggestions: text('suggestions'),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    index('surveys_report_time_idx').on(t.reportTime),
    index('surveys_user_idx').on(t.userId),
    ...(['experience', 'usability', 'resources'] as const).map((rating) =>
      check(
        `surveys_${rating}_check`,
        sql`${t[rating]} between ${sql.raw(String(SURVEY_RATING.min))} and ${sql.raw(String(SURVEY_RATING.max))}`,
      ),
    ),
  ],
);
