import { useCallback } from 'react';
import { useLocationNow, usePushAddress } from '@canteiro/shared/ui';
import { DASHBOARD_CLASSES, OCCURRENCE_CLASSIFICATIONS, addDays } from '@canteiro/shared/domain';
import type { DashboardClass, FilterParameter, OccurrenceClassification, RangeType } from '@canteiro/shared/domain';

/** The report list a chart element opens (docs/dashboards.md, "Drill-down"). */
export type DrillReport = 'activity' | 'equipment' | 'quantity';

/** What an element adds to the dashboard's filters: the API's own parameters. */
export type DrillFilters = Partial<Record<FilterParameter, string>>;

/** An answer's class key (`valueAdding`) as the filter's value (`value_adding`). */
export const classificationOf = (name: DashboardClass): OccurrenceClassification =>
  OCCURRENCE_CLASSIFICATIONS[DASHBOARD_CLASSES.indexOf(name)]!;

/** The list's parameters a drill-down starts afresh: its own page, search and order. */
const LIST_ONLY = ['page', 'search', 'sort', 'order'];

/**
 * The report list's address for an element: the dashboard's filters as its URL holds them,
 * then the element's (a package, a class, a day…) over them. The list reads the same header
 * state, so its rows are exactly the figure's; the browser's Back returns to the dashboard as
 * it was (its filters are its URL).
 */
export function drillHref(
  { pathname, search }: { pathname: string; search: string },
  report: DrillReport,
  element: DrillFilters,
): string {
  const params = new URLSearchParams(search);
  for (const name of LIST_ONLY) params.delete(name);
  // An element's own days (a bucket, a day) are fixed ones: a relative period no longer holds.
  if (element.from !== undefined || element.to !== undefined) params.delete('period');
  for (const [name, value] of Object.entries(element)) {
    if (value === undefined || value === '') params.delete(name);
    else params.set(name, value);
  }
  // The lists are the dashboards' siblings in the module (/dash/project-health → /dash/activity-report).
  return `${pathname.replace(/[^/]*$/, `${report}-report`)}?${params.toString()}`;
}

/**
 * {@link drillHref} over the current page's filters, read when an address is made rather than
 * subscribed to: a filter change re-rendered every chart of the dashboard for the answer already
 * on screen before its request even left (~100–170 ms a change, docs/frontend.md, "A filter
 * change"). The figures are drawn again when the new answer comes, and their addresses with them.
 */
export function useDrillDown(): (report: DrillReport, element: DrillFilters) => string {
  const locationNow = useLocationNow();
  return useCallback((report, element) => drillHref(locationNow() ?? window.location, report, element), [locationNow]);
}

/**
 * Opens the report list of a chart element (a click: `Chart`'s `onOpen`): nothing when the
 * element has no rows to open (`null` or `false`: an index past the table, a series that is no class).
 * Through the router's history (`usePushAddress`), not `useNavigate`, which re-renders its
 * component on every address change.
 */
export function useOpenRows(): (report: DrillReport, element: DrillFilters | null | undefined | false) => void {
  const drill = useDrillDown();
  const push = usePushAddress();
  return useCallback(
    (report, element) => {
      if (element) push(drill(report, element));
    },
    [drill, push],
  );
}

/**
 * The days of a time-axis bucket (`bucket` its first day) within the dashboard's own days:
 * a week that the filters start on its Wednesday opens Wednesday to Sunday.
 */
export function bucketDays(
  bucket: string,
  range: RangeType,
  within: { from?: string | undefined; to?: string | undefined },
): { from: string; to: string } {
  const last =
    range === 'day'
      ? bucket
      : range === 'week'
        ? addDays(bucket, 6)
        : range === 'month'
          ? addDays(`${nextMonth(bucket)}`, -1)
          : `${bucket.slice(0, 4)}-12-31`;
  return {
    from: within.from && within.from > bucket ? within.from : bucket,
    to: within.to && within.to < last ? within.to : last,
  };
}

/**
 * The days of a time-axis bucket as drill-down filters: its days within the dashboard's own,
 * the week filter dropped (the days say it); for a chart's point or a table's row.
 */
export function bucketFilters(
  bucket: string,
  filters: { range: RangeType; from?: string | undefined; to?: string | undefined },
): DrillFilters {
  return { ...bucketDays(bucket, filters.range, filters), week: '' };
}

/** The first day of the month after `day`'s. */
function nextMonth(day: string): string {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return month === 12
    ? `${String(year + 1).padStart(4, '0')}-01-01`
    : `${day.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}

/** An hour of the site day as a time window (`09:00`–`09:59`), within the dashboard's own. */
export function hourWindow(
  hour: number,
  within: { fromTime?: string | undefined; toTime?: string | undefined },
): { fromTime: string; toTime: string } {
  const [from, to] = [`${String(hour).padStart(2, '0')}:00`, `${String(hour).padStart(2, '0')}:59`];
  return {
    fromTime: within.fromTime && within.fromTime > from ? within.fromTime : from,
    toTime: within.toTime && within.toTime < to ? within.toTime : to,
  };
}
