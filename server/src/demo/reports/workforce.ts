import { addDays } from '@canteiro/shared/domain';
import { CREWS_OF_PACKAGE, EQUIPMENT_SHARES, EQUIPMENT_SPREAD, SHORTAGE_DAYS, sharesOf } from './model.js';
import { between, randomStream } from './random.js';
import type { ContractPlan, PlanActivity } from './plans.js';

/**
 * Who is on site and when, for the report generator (generate.ts): the activities worked on
 * a day, their crews, the walks' start times, and what a contract keeps for the whole window
 * (its Saturdays, its material shortage, its machines' shares).
 */

const DAY = 86_400_000;
const MORNING = [7 * 60, 12 * 60] as const;
const AFTERNOON = [13 * 60, 17 * 60] as const;

export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

export interface Crew {
  activity: PlanActivity;
  functionId: number;
  shares: readonly [number, number, number];
}

/** What a contract keeps for the whole window: Saturdays, the shortage, the machines' shares. */
export interface ContractTraits {
  saturdayParity: number;
  shortage: Set<string>;
  /** Per machine: [working, idle, down] cumulative thresholds. */
  machineShares: [number, number][];
}

/**
 * The activities worked on `day`: started, and not finished before it (a late activity
 * goes on past its end date). Before the first one starts, the two nearest to the day
 * (so the first weeks of the window have crews too).
 */
export function activitiesOn(activities: readonly PlanActivity[], day: string): PlanActivity[] {
  const working = activities.filter(
    (activity) => activity.startDate <= day && (!activity.isFinished || day <= activity.endDate),
  );
  if (working.length > 0 || activities.length === 0) return working;
  const distance = (activity: PlanActivity) =>
    day < activity.startDate ? daysBetween(day, activity.startDate) : daysBetween(activity.endDate, day);
  return [...activities].sort((left, right) => distance(left) - distance(right) || left.id - right.id).slice(0, 2);
}

export function crewsOf(plan: ContractPlan, working: readonly PlanActivity[]): Crew[] {
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
export function slotsOf(period: number, saturday: boolean): number[] {
  const slots: number[] = [];
  for (const [from, to] of saturday ? [MORNING] : [MORNING, AFTERNOON]) {
    for (let minute = from; minute < to; minute += period) slots.push(minute);
  }
  return slots;
}

export function contractTraits(
  plan: ContractPlan,
  seed: string | number,
  firstDay: string,
  weeks: number,
): ContractTraits {
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
