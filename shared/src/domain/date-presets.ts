import { addDays, weekDays, weekOf } from './schemas/filters.js';

/**
 * The dashboards' relative periods (docs/dashboards.md, "Filters that follow the user"): a
 * link that names one keeps meaning it — "last 4 weeks" opened next month is the four weeks
 * before that day — where fixed dates stay fixed. Each is resolved against the reader's today.
 */
export const DATE_PRESETS = ['today', 'this-week', 'last-4-weeks', 'this-month', 'last-3-months'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const day = (year: number, month: number, date: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;

/**
 * The days of a preset on `today` (`YYYY-MM-DD`), both ends included: today; this ISO week,
 * Monday to Sunday; the 28 days ending today; this calendar month, first to last day; the three
 * months ending today (from the day after the same date three months before, a short month's
 * last day standing in for a date it lacks).
 */
export function presetDays(preset: DatePreset, today: string): { from: string; to: string } {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'this-week':
      return weekDays(weekOf(today))!;
    case 'last-4-weeks':
      return { from: addDays(today, -27), to: today };
    case 'this-month':
      return { from: day(year, month, 1), to: day(year, month, daysInMonth(year, month)) };
    case 'last-3-months': {
      const [startYear, startMonth] = month > 3 ? [year, month - 3] : [year - 1, month + 9];
      const before = day(startYear, startMonth, Math.min(date, daysInMonth(startYear, startMonth)));
      return { from: addDays(before, 1), to: today };
    }
  }
}

/** A preset named by a URL parameter, or null: only the listed names (never a plain object lookup). */
export const datePresetOf = (value: string | null | undefined): DatePreset | null =>
  DATE_PRESETS.find((preset) => preset === value) ?? null;
