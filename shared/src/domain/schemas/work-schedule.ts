import * as v from 'valibot';

/**
 * A contract's work schedule (docs/dashboards.md, compliance): per ISO weekday ('1' Monday …
 * '7' Sunday) the intervals worked, `HH:MM` on the site's clock, `end` up to `24:00`. The
 * server stores it as given once valid (each day's intervals in order of start); compliance
 * expects the reporting goal in proportion to the scheduled time inside the filters.
 */

export const SCHEDULE_WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type WeekdayKey = (typeof SCHEDULE_WEEKDAYS)[number];

export interface WorkInterval {
  start: string;
  end: string;
}
export type WorkSchedule = Record<WeekdayKey, WorkInterval[]>;

/** The most intervals a day takes: a shift with its breaks, not a list of minutes. */
export const MAX_DAY_INTERVALS = 6;
export const MINUTES_PER_DAY = 24 * 60;

const morning = { start: '07:00', end: '12:00' };
/** Mon–Fri 07:00–12:00 and 13:00–17:00, Sat 07:00–12:00, Sun none (existing contracts get it too). */
export const DEFAULT_WORK_SCHEDULE: WorkSchedule = {
  '1': [morning, { start: '13:00', end: '17:00' }],
  '2': [morning, { start: '13:00', end: '17:00' }],
  '3': [morning, { start: '13:00', end: '17:00' }],
  '4': [morning, { start: '13:00', end: '17:00' }],
  '5': [morning, { start: '13:00', end: '17:00' }],
  '6': [morning],
  '7': [],
};

/** Minutes since midnight of `HH:MM` (`24:00` is 1440); NaN when it is no such time. */
export function scheduleMinutes(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return Number.NaN;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours * 60 + minutes > MINUTES_PER_DAY) return Number.NaN;
  return hours * 60 + minutes;
}

/** `HH:MM` from 00:00 to 24:00. */
const timeField = v.pipe(v.string('invalid_time'), v.regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, 'invalid_time'));

const intervalSchema = v.pipe(
  v.strictObject({ start: timeField, end: timeField }, 'invalid_value'),
  v.forward(
    // A malformed time already has its own issue.
    v.check(({ start, end }) => {
      const [from, to] = [scheduleMinutes(start), scheduleMinutes(end)];
      return Number.isNaN(from) || Number.isNaN(to) || from < to;
    }, 'interval_start_not_before_end'),
    ['end'],
  ),
);

/** Intervals of a day in order of start, none overlapping another (touching is fine: 12:00–12:00). */
const daySchema = v.pipe(
  v.array(intervalSchema, 'invalid_value'),
  v.maxLength(MAX_DAY_INTERVALS, 'too_many_intervals'),
  v.transform((intervals) => [...intervals].sort((a, b) => scheduleMinutes(a.start) - scheduleMinutes(b.start))),
  v.check(
    (intervals) =>
      intervals.every(
        (interval, index) =>
          index === 0 || scheduleMinutes(intervals[index - 1]!.end) <= scheduleMinutes(interval.start),
      ),
    'intervals_overlap',
  ),
);

export const workScheduleSchema = v.pipe(
  v.strictObject(
    Object.fromEntries(SCHEDULE_WEEKDAYS.map((weekday) => [weekday, daySchema])) as Record<
      WeekdayKey,
      typeof daySchema
    >,
    'invalid_value',
  ),
  v.check((schedule) => SCHEDULE_WEEKDAYS.some((weekday) => schedule[weekday].length > 0), 'schedule_empty'),
);

/** Minutes of `intervals` inside the window [from, to) (minutes of the site's day). */
export function minutesWithin(intervals: readonly WorkInterval[], from = 0, to = MINUTES_PER_DAY): number {
  return intervals.reduce((sum, { start, end }) => {
    const overlap = Math.min(scheduleMinutes(end), to) - Math.max(scheduleMinutes(start), from);
    return sum + Math.max(0, overlap);
  }, 0);
}

/** The contract's full reference day: its longest scheduled weekday (540 minutes for the default). */
export const referenceDayMinutes = (schedule: WorkSchedule): number =>
  Math.max(0, ...SCHEDULE_WEEKDAYS.map((weekday) => minutesWithin(schedule[weekday])));

/**
 * The share of the goal expected on a day of `weekday` (1–7) under a time window
 * (`fromTime`/`toTime` of the filters, `HH:MM`; `toTime` 23:59 stands for the end of the day,
 * which a filter cannot write as 24:00): its scheduled minutes inside the window over the
 * reference day. 07:00–08:55 on a default weekday is 115/540; a default Saturday 300/540.
 */
export function scheduledShare(
  schedule: WorkSchedule,
  weekday: number,
  window: { fromTime?: string | undefined; toTime?: string | undefined } = {},
): number {
  const reference = referenceDayMinutes(schedule);
  const intervals = schedule[String(weekday) as WeekdayKey] ?? [];
  if (reference === 0) return 0;
  const from = window.fromTime === undefined ? 0 : scheduleMinutes(window.fromTime);
  const to =
    window.toTime === undefined || window.toTime === '23:59' ? MINUTES_PER_DAY : scheduleMinutes(window.toTime);
  return minutesWithin(intervals, from, to) / reference;
}
