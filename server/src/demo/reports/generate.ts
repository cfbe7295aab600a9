import { addDays, weekdayOf } from '@canteiro/shared/domain';
import type { MeasureUnit } from '@canteiro/shared/domain';
import {
  CREW_MAX,
  CREW_MEAN,
  CREW_MIN,
  CREW_SEEN,
  CREWS_OF_PACKAGE,
  EQUIPMENT_SHARES,
  EQUIPMENT_SPREAD,
  EVIDENT_WASTE,
  HIDDEN_WASTE,
  NOTE_SHARE,
  NOTES,
  RUP_SIGMA,
  SHORTAGE_DAYS,
  SHORTAGE_EXTRA,
  VALUE_ADDING,
  WAITING_FOR_MATERIAL,
  WALKS_OF_GOAL,
  WEEKLY_IMPROVEMENT,
  hourMultiplier,
  sharesOf,
  weekdayMultiplier,
} from './model.js';
import type { OccurrenceWeight } from './model.js';
import type { Random } from './random.js';
import {
  between,
  lognormalAroundMean,
  poisson,
  randomStream,
  sampleIndexes,
  uuidV4,
  uuidV7,
  weightedIndex,
} from './random.js';
import { siteClock, zonedInstant } from '../../site-clock.js';

/**
 * The report generator (DOMAIN.md §4): reporters walk each contract every reporting period,
 * Monday–Friday 07:00–17:00 without the lunch hour and some Saturday mornings, and record
 * one activity row per crew seen, one equipment row per machine they pass, and at the end
 * of the day one quantity row per activity worked (its HH over a lognormal RUP). Pure: the
 * plans (what the database holds) and a seed in, rows out, day by day in time order; each
 * (seed, contract, day) draws from its own stream, so a day's rows never depend on what
 * was generated before (write.ts loads the plans and copies the rows).
 */

export interface PlanActivity {
  id: number;
  packageId: number;
  localId: number;
  areaId: number;
  packageName: string;
  unit: MeasureUnit;
  /** `YYYY-MM-DD`. */
  startDate: string;
  endDate: string;
  isFinished: boolean;
  /** Reference RUP, man-hours per unit. */
  rup: number;
}

export interface ContractPlan {
  id: number;
  /** Minutes between walks. */
  period: number;
  /** Walks per reporter per day. */
  goal: number;
  /** Active reporters' user ids, in a stable order. */
  reporters: readonly number[];
  /** Active activities whose whole chain is active, in a stable order. */
  activities: readonly PlanActivity[];
  /** Active functions: lower-case name → id, in a stable order. */
  functions: ReadonlyMap<string, number>;
  /** Active equipment ids, in a stable order. */
  equipment: readonly number[];
  /** Crews per activity are multiplied by this (1 for the demo; the scale command raises it). */
  crewFactor: number;
}

export interface GenerationOptions {
  seed: string | number;
  timeZone: string;
  /** First and last day (inclusive) of the site's calendar, `YYYY-MM-DD`; the first is a Monday. */
  firstDay: string;
  lastDay: string;
  /** Active occurrences: name → id. */
  occurrences: ReadonlyMap<string, number>;
  /** Time-ordered (default) or random UUIDs. */
  ids?: 'v7' | 'v4';
  /** Only every n-th day (estimates: the scale command sizes its contracts with it). */
  sampleEvery?: number;
}

export const REPORT_COLUMNS = [
  'id',
  'contract_id',
  'report_time',
  'local_date',
  'local_minute',
  'local_weekday',
  'user_id',
  'received_at',
] as const;
export const ACTIVITY_COLUMNS = [
  ...REPORT_COLUMNS,
  'package_id',
  'local_id',
  'activity_id',
  'function_id',
  'occurrence_id',
  'quantity',
  'notes',
  'report_info',
  'is_scheduled',
] as const;
export const EQUIPMENT_COLUMNS = [
  ...REPORT_COLUMNS,
  'package_id',
  'area_id',
  'activity_id',
  'equipment_id',
  'classification',
  'notes',
] as const;
export const QUANTITY_COLUMNS = [
  ...REPORT_COLUMNS,
  'package_id',
  'area_id',
  'activity_id',
  'quantity',
  'unity',
] as const;

/** One day's rows of every contract, values in the *_COLUMNS order. */
export interface DayRows {
  day: string;
  activity: unknown[][];
  equipment: unknown[][];
  quantity: unknown[][];
}

const DAY = 86_400_000;
const MORNING = [7 * 60, 12 * 60] as const;
const AFTERNOON = [13 * 60, 17 * 60] as const;
/** Received at most this late (local minutes): a resend waits for the evening's signal. */
const LATEST_RECEIPT = 21 * 60;
/** Machines broken down get a note this often. */
const DOWN_NOTE = 0.3;

const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/**
 * The demo's window: `weeks` weeks on the site's calendar that end the day before `today`
 * (the seed day: the site's today as a UTC midnight), so no row lies in the future whatever the hour: the last
 * week is the one in progress, the first starts on a Monday.
 */
export function reportWindow(today: Date, weeks: number): { firstDay: string; lastDay: string } {
  const lastDay = addDays(today.toISOString().slice(0, 10), -1);
  const monday = addDays(lastDay, 1 - weekdayOf(lastDay));
  return { firstDay: addDays(monday, -7 * (weeks - 1)), lastDay };
}

interface Crew {
  activity: PlanActivity;
  functionId: number;
  shares: readonly [number, number, number];
}

interface Picker {
  ids: number[];
  weights: number[];
  total: number;
  names: string[];
}

/** What a contract keeps for the whole window: Saturdays, the shortage, the machines' shares. */
interface ContractTraits {
  saturdayParity: number;
  shortage: Set<string>;
  /** Per machine: [working, idle, down] cumulative thresholds. */
  machineShares: [number, number][];
}

export function* generateReports(plans: readonly ContractPlan[], options: GenerationOptions): Generator<DayRows> {
  const { seed, timeZone, firstDay, lastDay } = options;
  const pick = (list: readonly OccurrenceWeight[]): Picker => {
    const known = list.filter((item) => options.occurrences.has(item.name));
    const weights = known.map((item) => item.weight);
    return {
      ids: known.map((item) => options.occurrences.get(item.name)!),
      weights,
      total: weights.reduce((sum, weight) => sum + weight, 0),
      names: known.map((item) => item.name),
    };
  };
  const classes = [pick(VALUE_ADDING), pick(HIDDEN_WASTE), pick(EVIDENT_WASTE)] as const;
  const waiting = options.occurrences.get(WAITING_FOR_MATERIAL);
  const waitingWeight =
    waiting === undefined ? 0 : (EVIDENT_WASTE.find((item) => item.name === WAITING_FOR_MATERIAL)?.weight ?? 0);
  const totalDays = daysBetween(firstDay, lastDay) + 1;
  const weeks = Math.ceil(totalDays / 7);
  const traits = new Map(plans.map((plan) => [plan.id, contractTraits(plan, seed, firstDay, weeks)]));
  const newId = options.ids === 'v4' ? (random: Random) => uuidV4(random) : uuidV7;

  for (let dayIndex = 0; dayIndex < totalDays; dayIndex += options.sampleEvery ?? 1) {
    const day = addDays(firstDay, dayIndex);
    const weekday = weekdayOf(day);
    const week = Math.floor(dayIndex / 7);
    const rows: DayRows = { day, activity: [], equipment: [], quantity: [] };
    if (weekday === 7) continue;
    for (const plan of plans) {
      const trait = traits.get(plan.id)!;
      if (weekday === 6 && week % 2 !== trait.saturdayParity) continue;
      contractDay(plan, trait, day, weekday, week, rows);
    }
    if (rows.activity.length > 0) yield rows;
  }

  function contractDay(
    plan: ContractPlan,
    trait: ContractTraits,
    day: string,
    weekday: number,
    week: number,
    rows: DayRows,
  ): void {
    const reporters = plan.reporters;
    if (reporters.length === 0 || classes[0].ids.length === 0) return;
    const random = randomStream(seed, 'day', plan.id, day);
    // Ids from a stream of their own: v4 and v7 ids then label the very same rows.
    const idRandom = randomStream(seed, 'ids', plan.id, day);
    const working = activitiesOn(plan.activities, day);
    if (working.length === 0) return;
    const crews = crewsOf(plan, working);
    if (crews.length === 0) return;
    // Crews are shared out between the reporters, a different way each day.
    const offset = between(random, 0, reporters.length - 1);
    const crewsByReporter = reporters.map((_, index) =>
      crews.filter((_crew, crewIndex) => (crewIndex + offset) % reporters.length === index),
    );
    const machinesOf = reporters.map((_, index) =>
      plan.equipment
        .map((id, machine) => ({ id, machine }))
        .filter(({ machine }) => machine % reporters.length === index),
    );
    const machineActivity = plan.equipment.map(() => working[between(random, 0, working.length - 1)]!);
    const slots = slotsOf(plan.period, weekday === 6);
    const shortage = trait.shortage.has(day);
    const valueBonus = week * WEEKLY_IMPROVEMENT;
    const weekdayFactor = weekdayMultiplier(weekday);
    const hoursOf = new Map<number, number>();
    const reporterOf = new Map<number, number>();
    let lastMinute = -1;
    const periodHours = plan.period / 60;
    const latest = zonedInstant(day, LATEST_RECEIPT, timeZone);
    // Each reporter's walks first: how many and when does not depend on the crews.
    const [low, high] = WALKS_OF_GOAL;
    const longest = Math.max(0, Math.min(10, Math.floor(plan.period / 3) - 1));
    const walksOf = reporters.map(() => {
      const count =
        weekday === 6
          ? Math.min(plan.goal, slots.length)
          : Math.min(slots.length, Math.round(plan.goal * (low + random.next() * (high - low))));
      return sampleIndexes(random, slots.length, count).map((slot) => {
        const instant = zonedInstant(day, slots[slot]! + between(random, 0, longest), timeZone, between(random, 0, 59));
        return { instant, receivedAt: Math.min(latest, instant + receiptDelay(random)) };
      });
    });

    reporters.forEach((reporter, index) => {
      const mine = crewsByReporter[index]!;
      if (mine.length === 0) return;
      for (const walk of walksOf[index]!) {
        const { instant } = walk;
        const clock = siteClock(instant, timeZone);
        lastMinute = Math.max(lastMinute, clock.localMinute);
        const reportTime = new Date(instant).toISOString();
        const receivedAt = new Date(walk.receivedAt).toISOString();
        const head = (id: string): unknown[] => [
          id,
          plan.id,
          reportTime,
          clock.localDate,
          clock.localMinute,
          clock.localWeekday,
          reporter,
          receivedAt,
        ];
        const hourFactor = hourMultiplier(Math.floor(clock.localMinute / 60)) * weekdayFactor;
        let seen = 0;
        for (let crewIndex = 0; crewIndex < mine.length; crewIndex += 1) {
          const crew = mine[crewIndex]!;
          const isSeen = random.next() < CREW_SEEN;
          // Every walk records at least one crew: the last one when nobody else was seen.
          if (!isSeen && !(seen === 0 && crewIndex === mine.length - 1)) continue;
          seen += 1;
          const [occurrence, kind] = drawOccurrence(random, crew.shares, hourFactor, valueBonus, shortage);
          const workers = Math.min(CREW_MAX, Math.max(CREW_MIN, poisson(random, CREW_MEAN)));
          const notes = kind !== 0 && random.next() < NOTE_SHARE ? noteFor(random, occurrence, kind) : null;
          const { activity } = crew;
          hoursOf.set(activity.id, (hoursOf.get(activity.id) ?? 0) + workers * periodHours);
          if (!reporterOf.has(activity.id)) reporterOf.set(activity.id, reporter);
          const row = head(newId(idRandom, instant));
          row.push(
            activity.packageId,
            activity.localId,
            activity.id,
            crew.functionId,
            classes[kind].ids[occurrence]!,
            workers,
            notes,
            null,
            activity.startDate <= day && day <= activity.endDate,
          );
          rows.activity.push(row);
        }
        for (const { id, machine } of machinesOf[index]!) {
          const activity = machineActivity[machine]!;
          const [workingUpTo, idleUpTo] = trait.machineShares[machine]!;
          const draw = random.next();
          const classification = draw < workingUpTo ? 'working' : draw < idleUpTo ? 'idle' : 'down';
          const note = classification === 'down' && random.next() < DOWN_NOTE ? 'Manutenção corretiva' : null;
          const row = head(newId(idRandom, instant));
          row.push(activity.packageId, activity.areaId, activity.id, id, classification, note);
          rows.equipment.push(row);
        }
      }
    });

    // At the end of the day, what each activity produced: its HH over this day's RUP.
    if (lastMinute < 0) return;
    for (const activity of working) {
      const hours = hoursOf.get(activity.id);
      if (hours === undefined) continue;
      const rup = lognormalAroundMean(random, activity.rup, RUP_SIGMA);
      const instant = zonedInstant(day, lastMinute + 2, timeZone, between(random, 0, 59));
      const clock = siteClock(instant, timeZone);
      const receivedAt = new Date(Math.min(latest, instant + receiptDelay(random))).toISOString();
      rows.quantity.push([
        newId(idRandom, instant),
        plan.id,
        new Date(instant).toISOString(),
        clock.localDate,
        clock.localMinute,
        clock.localWeekday,
        reporterOf.get(activity.id)!,
        receivedAt,
        activity.packageId,
        activity.areaId,
        activity.id,
        Math.round((hours / rup) * 1000) / 1000,
        activity.unit,
      ]);
    }
  }

  /** [index within its class, class 0 value-adding | 1 hidden | 2 evident]. */
  function drawOccurrence(
    random: Random,
    [valueShare, hiddenShare, evidentShare]: readonly [number, number, number],
    factor: number,
    bonus: number,
    shortage: boolean,
  ): [number, 0 | 1 | 2] {
    const valueAdding = Math.min(0.98, Math.max(0.02, valueShare * factor + bonus));
    // The waste shares keep their trade's proportion of what value-adding leaves.
    const hidden = ((1 - valueAdding) * hiddenShare) / (hiddenShare + evidentShare);
    const evident = 1 - valueAdding - hidden;
    if (shortage && waiting !== undefined) {
      // +15 points of waiting for material, the rest scaled down in proportion.
      const waitingShare = (evident * waitingWeight) / classes[2].total;
      if (random.next() < SHORTAGE_EXTRA / (1 - waitingShare))
        return [classes[2].names.indexOf(WAITING_FOR_MATERIAL), 2];
    }
    const draw = random.next();
    const kind: 0 | 1 | 2 = draw < valueAdding ? 0 : draw < valueAdding + hidden ? 1 : 2;
    const picker = classes[kind].ids.length > 0 ? classes[kind] : classes[0];
    return [weightedIndex(random, picker.weights, picker.total), picker === classes[0] ? 0 : kind];
  }

  function noteFor(random: Random, index: number, kind: 0 | 1 | 2): string | null {
    const notes = NOTES.get(classes[kind].names[index] ?? '');
    return notes ? notes[between(random, 0, notes.length - 1)]! : null;
  }
}

/** Minutes after the walk the row reaches the server: mostly soon, sometimes hours (offline). */
function receiptDelay(random: Random): number {
  return (random.next() < 0.85 ? between(random, 1, 20) : between(random, 60, 240)) * 60_000;
}

/**
 * The activities worked on `day`: started, and not finished before it (a late activity
 * goes on past its end date). Before the first one starts, the two nearest to the day
 * (so the first weeks of the window have crews too).
 */
function activitiesOn(activities: readonly PlanActivity[], day: string): PlanActivity[] {
  const working = activities.filter(
    (activity) => activity.startDate <= day && (!activity.isFinished || day <= activity.endDate),
  );
  if (working.length > 0 || activities.length === 0) return working;
  const distance = (activity: PlanActivity) =>
    day < activity.startDate ? daysBetween(day, activity.startDate) : daysBetween(activity.endDate, day);
  return [...activities].sort((left, right) => distance(left) - distance(right) || left.id - right.id).slice(0, 2);
}

function crewsOf(plan: ContractPlan, working: readonly PlanActivity[]): Crew[] {
  const crews: Crew[] = [];
  const functions = [...plan.functions];
  for (const activity of working) {
    const trades = CREWS_OF_PACKAGE.get(activity.packageName.trim().toLowerCase());
    let known = (trades ?? []).filter(([name]) => plan.functions.has(name));
    if (known.length === 0 && functions.length > 0) {
      // A package the model does not know: two of the contract's trades, by the activity's id.
      known = [0, 1].map((step) => [functions[(activity.id + step) % functions.length]![0], step === 0 ? 2 : 1]);
    }
    for (const [name, count] of known) {
      const functionId = plan.functions.get(name)!;
      // Whole crews: the fraction decided by the activity, the same every day.
      const expected = count * plan.crewFactor;
      const crewCount = Math.floor(expected) + (fraction(activity.id, name) < expected % 1 ? 1 : 0);
      for (let index = 0; index < crewCount; index += 1) crews.push({ activity, functionId, shares: sharesOf(name) });
    }
  }
  return crews;
}

const fractions = new Map<string, number>();
/** A fixed number in [0, 1) for an activity and a trade. */
function fraction(activityId: number, trade: string): number {
  const key = `${activityId}\u0000${trade}`;
  let value = fractions.get(key);
  if (value === undefined) {
    value = randomStream('crew', activityId, trade).next();
    if (fractions.size > 100_000) fractions.clear();
    fractions.set(key, value);
  }
  return value;
}

/** Walk start times (minutes since midnight): every period in 07–12 h and 13–17 h, Saturdays the morning. */
function slotsOf(period: number, saturday: boolean): number[] {
  const slots: number[] = [];
  for (const [from, to] of saturday ? [MORNING] : [MORNING, AFTERNOON]) {
    for (let minute = from; minute < to; minute += period) slots.push(minute);
  }
  return slots;
}

function contractTraits(plan: ContractPlan, seed: string | number, firstDay: string, weeks: number): ContractTraits {
  const random = randomStream(seed, 'contract', plan.id);
  const saturdayParity = between(random, 0, 1);
  // Tuesday to Thursday of a week around the middle of the window.
  const middle = Math.floor(weeks / 2);
  const week = Math.max(1, Math.min(weeks - 2, middle + between(random, -1, 1)));
  const shortage = new Set(
    Array.from({ length: SHORTAGE_DAYS }, (_, index) => addDays(firstDay, week * 7 + 1 + index)),
  );
  // Symmetric offsets over the machines, shuffled: each machine differs, the total does not.
  const count = plan.equipment.length;
  const spread = (width: number) => {
    const offsets = Array.from({ length: count }, (_, index) =>
      count === 1 ? 0 : width * ((2 * index) / (count - 1) - 1),
    );
    const order = Array.from({ length: count }, (_, index) => index);
    for (let index = count - 1; index > 0; index -= 1) {
      const other = between(random, 0, index);
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    return order.map((position) => offsets[position]!);
  };
  const workingOffsets = spread(EQUIPMENT_SPREAD[0]);
  const downOffsets = spread(EQUIPMENT_SPREAD[1]);
  const machineShares = workingOffsets.map((offset, machine): [number, number] => {
    const working = EQUIPMENT_SHARES[0] + offset;
    const down = EQUIPMENT_SHARES[2] + downOffsets[machine]!;
    return [working, 1 - down];
  });
  return { saturdayParity, shortage, machineShares };
}
