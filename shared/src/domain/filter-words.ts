import { formatFigure } from './figures.js';
import { fieldMessages, figureMessages, listMessages } from './messages/index.js';
import type { Locale, RangeType } from './constants.js';
import { FILTER_DIMENSIONS, weekDays } from './schemas/filters.js';
import type { FilterDimension } from './schemas/filters.js';

/** The filters a dashboard read, as its answer echoes them (dashboardFiltersSchema). */
interface EchoedFilters {
  contract: number;
  from?: string;
  to?: string;
  fromTime?: string;
  toTime?: string;
  weekdays?: { first: number; last: number };
  classification?: string;
  week?: string;
  range?: RangeType;
  [dimension: string]: unknown;
}

/**
 * A dashboard's filters in words, `[label, value]` lines in the header's order (contract,
 * dates, times, weekdays, dimensions, class, week, then the range type when `range` is asked for):
 * the export's filter lines and the printed header say the same. `name` gives the contract's
 * and each dimension's name (`#id` when unknown); `ignored` marks a dimension this dashboard's
 * rows do not read.
 */
export function filterWords(
  filters: EchoedFilters,
  locale: Locale,
  {
    name,
    ignored = () => false,
    range = false,
  }: {
    name: (filter: 'contract' | FilterDimension, id: number) => string;
    ignored?: (dimension: FilterDimension) => boolean;
    range?: boolean;
  },
): [string, string][] {
  const words = figureMessages[locale].filters;
  const fields = fieldMessages[locale];
  const day = (value: string) => formatFigure(value, 'date', locale);
  const weekday = (value: number) => formatFigure(value, 'weekday', locale);
  const lines: [string, string][] = [[fields.contract, name('contract', filters.contract)]];
  if (filters.from) lines.push([words.from, day(filters.from)]);
  if (filters.to) lines.push([words.to, day(filters.to)]);
  if (filters.fromTime) lines.push([words.fromTime, filters.fromTime]);
  if (filters.toTime) lines.push([words.toTime, filters.toTime]);
  if (filters.weekdays) {
    const { first, last } = filters.weekdays;
    lines.push([
      words.weekdays,
      first === last ? weekday(first) : `${weekday(first)} ${words.through} ${weekday(last)}`,
    ]);
  }
  for (const dimension of FILTER_DIMENSIONS) {
    const id = filters[dimension];
    if (typeof id !== 'number') continue;
    // The header keeps every filter in the URL; say which ones this dashboard's rows ignore.
    const value = name(dimension, id);
    lines.push([fields[dimension], ignored(dimension) ? `${value} (${words.ignored})` : value]);
  }
  if (filters.classification) {
    // An occurrence's class or a machine's (the drill-down of a chart sets it).
    const { classification, equipmentClassification } = listMessages[locale];
    const names: Record<string, string> = { ...classification, ...equipmentClassification };
    const value = filters.classification;
    lines.push([fields.classification, Object.hasOwn(names, value) ? names[value]! : value]);
  }
  if (filters.week) {
    const days = weekDays(filters.week);
    lines.push([words.week, days ? `${filters.week} (${day(days.from)} – ${day(days.to)})` : filters.week]);
  }
  if (range && filters.range) lines.push([words.range, words.ranges[filters.range]]);
  return lines;
}
