import * as v from 'valibot';
import { MAX_ID, RANGE_TYPES } from '../constants.js';
import { EQUIPMENT_CLASSIFICATIONS, OCCURRENCE_CLASSIFICATIONS } from '../lists.js';

/**
 * The filters of the report lists and the dashboards (ARCHITECTURE.md §4, docs/reports.md):
 * one schema over the query string as both the URL and the server see it (every value is
 * text), used by the Dashboards header for its URL state and by the server for its answers.
 *
 * - `contract` (id) is required; every other filter is optional, and an empty value
 *   (`?package=`) counts as absent, as a cleared select leaves it in the URL.
 * - `from`, `to`: real calendar days `YYYY-MM-DD`; `to` is included (the whole day).
 * - `fromTime`, `toTime`: `HH:MM` (00:00–23:59) on the site's clock; `toTime` is included to
 *   the minute: `toTime=17:00` keeps 17:00:59 and drops 17:01.
 * - `weekdays`: `a-b` with 1 ≤ a ≤ b ≤ 7 (1 Monday … 7 Sunday, spec §9), or one day `n`
 *   (the same as `n-n`). A range across Sunday (`6-2`) is refused: ask for two views.
 * - `week`: an ISO week `YYYY-Www` (weeks start on Monday; W53 only in years that have it).
 * - The dimensions are ids. Lists ignore `range`; dashboards bucket their time axis by it.
 * - `classification`: an occurrence's class (`value_adding`, `hidden_waste`, `evident_waste`)
 *   keeps the activity rows of that class; a machine's (`working`, `idle`, `down`) the
 *   equipment rows. Like a dimension, it is ignored by the kind of row it does not describe
 *   (the drill-down of a chart sets it: docs/dashboards.md).
 * - Cross-field rules (spec §5), each on its start field: `from` after `to` →
 *   `{ from: 'from_after_to' }`; `fromTime` after `toTime` → `{ fromTime: 'from_time_after_to_time' }`.
 * Unknown parameters (`search`, `page`, `sort`, …) are left for whoever reads them.
 */

/** The catalogue dimensions a report can be filtered by, in the header's order. */
export const FILTER_DIMENSIONS = [
  'package',
  'local',
  'area',
  'block',
  'activity',
  'function',
  'occurrence',
  'equipment',
] as const;
export type FilterDimension = (typeof FILTER_DIMENSIONS)[number];

/** Every parameter of the schema, in the order `filtersToQuery` writes them. */
export const FILTER_PARAMETERS = [
  'contract',
  'from',
  'to',
  'fromTime',
  'toTime',
  'weekdays',
  ...FILTER_DIMENSIONS,
  'classification',
  'week',
  'range',
] as const;

/** The classes a `classification` filter may name: an occurrence's or a machine's. */
export const FILTER_CLASSIFICATIONS = [...OCCURRENCE_CLASSIFICATIONS, ...EQUIPMENT_CLASSIFICATIONS] as const;
export type FilterClassification = (typeof FILTER_CLASSIFICATIONS)[number];
export type FilterParameter = (typeof FILTER_PARAMETERS)[number];

/** A calendar day `YYYY-MM-DD` as a UTC date (years below 100 included). */
function utcDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1 ? date : null;
}

const dayText = (date: Date): string =>
  `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;

/** `YYYY-MM-DD` plus `days` (negative too). */
export function addDays(day: string, days: number): string {
  const date = utcDay(day);
  if (!date) throw new Error(`not a calendar day: ${day}`);
  date.setUTCDate(date.getUTCDate() + days);
  return dayText(date);
}

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
const isoWeekday = (date: Date): number => ((date.getUTCDay() + 6) % 7) + 1;

/** The ISO weekday (1 Monday … 7 Sunday) of `YYYY-MM-DD`. */
export function weekdayOf(day: string): number {
  const date = utcDay(day);
  if (!date) throw new Error(`not a calendar day: ${day}`);
  return isoWeekday(date);
}

/** Monday of ISO week 1 of `year`: the week holding 4 January. */
function firstMonday(year: number): string {
  const january4 = utcDay(`${String(year).padStart(4, '0')}-01-04`)!;
  return addDays(dayText(january4), 1 - isoWeekday(january4));
}

/** Weeks of an ISO year: 53 when 28 December falls in week 53. */
function weeksIn(year: number): number {
  const days =
    (utcDay(`${String(year).padStart(4, '0')}-12-28`)!.getTime() - utcDay(firstMonday(year))!.getTime()) / 86_400_000;
  return Math.floor(days / 7) + 1;
}

/** The days of an ISO week `YYYY-Www`: Monday to Sunday, both included; null when there is no such week. */
export function weekDays(week: string): { from: string; to: string } | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return null;
  const [year, number] = [Number(match[1]), Number(match[2])];
  // Year 1's week 1 starts on 0001-01-01 (a Monday); nothing before it is a PostgreSQL date.
  if (year < 1 || number < 1 || number > weeksIn(year)) return null;
  const monday = addDays(firstMonday(year), (number - 1) * 7);
  return { from: monday, to: addDays(monday, 6) };
}

/**
 * The period of the same length just before the filters' days (DOMAIN.md §5, "this period
 * against the previous one"): as many days as the filters span, ending the day before the
 * first. The days are `from`–`to` crossed with the week, as the figures read them; null
 * without both ends, or when they keep no day.
 */
export function previousPeriod(filters: {
  from?: string | undefined;
  to?: string | undefined;
  week?: string | undefined;
}): { from: string; to: string } | null {
  const week = filters.week ? weekDays(filters.week) : null;
  const firsts = [filters.from, week?.from].filter((day): day is string => day !== undefined);
  const lasts = [filters.to, week?.to].filter((day): day is string => day !== undefined);
  if (firsts.length === 0 || lasts.length === 0) return null;
  const first = firsts.reduce((a, b) => (a > b ? a : b));
  const last = lasts.reduce((a, b) => (a < b ? a : b));
  if (first > last) return null;
  const days = Math.round((utcDay(last)!.getTime() - utcDay(first)!.getTime()) / 86_400_000) + 1;
  return { from: addDays(first, -days), to: addDays(first, -1) };
}

/** The ISO week (`YYYY-Www`) a calendar day belongs to. */
export function weekOf(day: string): string {
  const date = utcDay(day);
  if (!date) throw new Error(`not a calendar day: ${day}`);
  // The week's Thursday decides its year.
  const thursday = addDays(day, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const number =
    Math.floor((utcDay(thursday)!.getTime() - utcDay(firstMonday(year))!.getTime()) / (7 * 86_400_000)) + 1;
  return `${thursday.slice(0, 4)}-W${String(number).padStart(2, '0')}`;
}

/** Minutes since midnight of `HH:MM`. */
export const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A minute of the site's day (0–1439) as `HH:mm`: the inverse of {@link minutesOfDay}. */
export const timeOfMinute = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A weekday range, both ends included. */
export interface WeekdayRange {
  first: number;
  last: number;
}

const param = () => v.string('invalid_value');

const idParam = v.pipe(
  param(),
  v.regex(/^\d{1,10}$/, 'invalid_value'),
  v.transform(Number),
  v.minValue(1, 'invalid_value'),
  v.maxValue(MAX_ID, 'invalid_value'),
);
export const dayParam = v.pipe(
  param(),
  v.check((value) => utcDay(value) !== null, 'invalid_value'),
);
const timeParam = v.pipe(param(), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'invalid_value'));
const weekdaysParam = v.pipe(
  param(),
  v.regex(/^[1-7](?:-[1-7])?$/, 'invalid_value'),
  v.transform((value): WeekdayRange => ({ first: Number(value[0]), last: Number(value.at(-1)) })),
  v.check(({ first, last }) => first <= last, 'invalid_value'),
);
const weekParam = v.pipe(
  param(),
  v.check((value) => weekDays(value) !== null, 'invalid_value'),
);

const dimensions = Object.fromEntries(FILTER_DIMENSIONS.map((name) => [name, v.optional(idParam)])) as Record<
  FilterDimension,
  v.OptionalSchema<typeof idParam, undefined>
>;

/** `?package=` is a cleared select: the same as no `package` at all. */
function withoutEmptyValues(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== ''));
}

export const reportFiltersSchema = v.pipe(
  v.unknown(),
  v.transform(withoutEmptyValues),
  v.object({
    contract: idParam,
    from: v.optional(dayParam),
    to: v.optional(dayParam),
    fromTime: v.optional(timeParam),
    toTime: v.optional(timeParam),
    weekdays: v.optional(weekdaysParam),
    ...dimensions,
    classification: v.optional(v.picklist(FILTER_CLASSIFICATIONS, 'invalid_value')),
    week: v.optional(weekParam),
    range: v.optional(v.picklist(RANGE_TYPES, 'invalid_value')),
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], ({ from, to }) => !from || !to || from <= to, 'from_after_to'),
    ['from'],
  ),
  v.forward(
    v.partialCheck(
      [['fromTime'], ['toTime']],
      ({ fromTime, toTime }) => !fromTime || !toTime || fromTime <= toTime,
      'from_time_after_to_time',
    ),
    ['fromTime'],
  ),
);

/** The filters once read: ids as numbers, the weekday range as its two ends, the rest as given. */
export type ReportFilters = v.InferOutput<typeof reportFiltersSchema>;

/** Parsed filters back to the query parameters (the header writes them into its URL): absent ones left out. */
export function filtersToQuery(filters: ReportFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of FILTER_PARAMETERS) {
    const value = filters[name];
    if (value === undefined) continue;
    if (typeof value === 'object') {
      query[name] = value.first === value.last ? String(value.first) : `${value.first}-${value.last}`;
    } else {
      query[name] = String(value);
    }
  }
  return query;
}
