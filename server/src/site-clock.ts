/**
 * An instant on the site's clock (config.siteTimeZone): the `local_date`, `local_minute`
 * and `local_weekday` columns of the report tables, computed in JS the way PostgreSQL's
 * `report_time at time zone '<zone>'` computes them (tested against the database). The
 * generator makes millions of rows, so the zone's offset is kept per UTC minute: Intl is
 * asked once per distinct minute, not once per row.
 */

export interface SiteClock {
  /** `YYYY-MM-DD` on the site's calendar. */
  localDate: string;
  /** Minutes since the site's midnight, 0–1439. */
  localMinute: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  localWeekday: number;
}

const MINUTE = 60_000;
/** Distinct minutes remembered per zone before the cache starts over (~12 weeks' worth). */
const MAX_CACHED_MINUTES = 150_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** zone → (UTC minute → offset in ms, local minus UTC). */
const offsets = new Map<string, Map<number, number>>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset at `millis` (local wall time minus UTC), in ms. */
export function zoneOffset(millis: number, timeZone: string): number {
  const minute = Math.floor(millis / MINUTE);
  let cache = offsets.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsets.set(timeZone, cache);
  }
  const cached = cache.get(minute);
  if (cached !== undefined) return cached;
  const parts = formatterOf(timeZone).formatToParts(new Date(minute * MINUTE));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const offset = wall - minute * MINUTE;
  if (cache.size >= MAX_CACHED_MINUTES) cache.clear();
  cache.set(minute, offset);
  return offset;
}

/** `instant` on the clock of `timeZone`. */
export function siteClock(instant: Date | number, timeZone: string): SiteClock {
  const millis = typeof instant === 'number' ? instant : instant.getTime();
  const wall = new Date(millis + zoneOffset(millis, timeZone));
  const weekday = wall.getUTCDay();
  return {
    localDate: wall.toISOString().slice(0, 10),
    localMinute: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    localWeekday: weekday === 0 ? 7 : weekday,
  };
}

/**
 * Today on the site's calendar, `YYYY-MM-DD`: the one definition of "today" for the server
 * (the demo's seed day, the dashboards' cache key; SQL says `(current_timestamp at time zone
 * '<zone>')::date`, as activities' status does).
 */
export function siteToday(timeZone: string, now: Date | number = Date.now()): string {
  return siteClock(now, timeZone).localDate;
}

/**
 * The instant whose wall time in `timeZone` is `localDate` at `localMinute` (+ `seconds`).
 * In a gap (spring forward) it lands after the gap, in an overlap on the earlier instant;
 * the generator only uses 07:00–17:00, where zones do not change offset.
 */
export function zonedInstant(localDate: string, localMinute: number, timeZone: string, seconds = 0): number {
  const wall = Date.parse(`${localDate}T00:00:00Z`) + localMinute * MINUTE + seconds * 1000;
  let guess = wall - zoneOffset(wall, timeZone);
  guess = wall - zoneOffset(guess, timeZone);
  return guess;
}
