import { DEFAULT_WORK_SCHEDULE, addDays, scheduledShare, weekdayOf } from '@canteiro/shared/domain';
import {
  CREW_MAX,
  CREW_MEAN,
  CREW_MIN,
  CREW_SEEN,
  EVIDENT_WASTE,
  HIDDEN_WASTE,
  NOTE_SHARE,
  NOTES,
  RUP_SIGMA,
  SHORTAGE_EXTRA,
  VALUE_ADDING,
  WAITING_FOR_MATERIAL,
  WALKS_OF_GOAL,
  WEEKLY_IMPROVEMENT,
  hourMultiplier,
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
import type { ContractPlan, DayRows, GenerationOptions } from './plans.js';
import { activitiesOn, contractTraits, crewsOf, daysBetween, slotsOf } from './workforce.js';
import type { ContractTraits } from './workforce.js';

/**
 * The report generator (DOMAIN.md §4): reporters walk each contract every reporting period,
 * Monday–Friday 07:00–17:00 without the lunch hour and some Saturday mornings, and record
 * one activity row per crew seen, one equipment row per machine they pass, and at the end
 * of the day one quantity row per activity worked (its HH over a lognormal RUP). Pure: the
 * plans (what the database holds) and a seed in, rows out, day by day in time order; each
 * (seed, contract, day) draws from its own stream, so a day's rows never depend on what
 * was generated before (write.ts loads the plans and copies the rows).
 */

/** Received at most this late (local minutes): a resend waits for the evening's signal. */
const LATEST_RECEIPT = 21 * 60;
/** Machines broken down get a note this often. */
const DOWN_NOTE = 0.3;

interface Picker {
  ids: number[];
  weights: number[];
  total: number;
  names: string[];
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
    // The goal in proportion to the day's scheduled time, as compliance expects it (the demo
    // contracts keep the default schedule: a Saturday morning is 5/9 of a weekday), never above it.
    const dayGoal = plan.goal * scheduledShare(DEFAULT_WORK_SCHEDULE, weekday);
    const walksOf = reporters.map(() => {
      const count = Math.min(
        slots.length,
        Math.floor(dayGoal),
        Math.round(dayGoal * (low + random.next() * (high - low))),
      );
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
