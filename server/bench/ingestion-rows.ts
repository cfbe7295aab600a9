import { randomUUID } from 'node:crypto';
import type { MobileCatalogue } from '@canteiro/shared/domain';

/**
 * The rows bench/ingestion.ts sends: activity observations on the demo reporter's contract,
 * each on one of its real chains, in batches shaped as a phone's walks or spread uniformly.
 */

/** A report row as the app sends it, on one of the contract's real chains. */
export interface Pickers {
  contract: number;
  activities: MobileCatalogue['activities'];
  functions: number[];
  occurrences: number[];
}

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
const NOTES = ['Falta de material no pavimento', 'Equipe reduzida', 'Aguardando liberação da frente', null, null, null];

function activityRow(pickers: Pickers, reportTime: string) {
  const activity = pick(pickers.activities);
  return {
    id: randomUUID(),
    kind: 'activity',
    contract: pickers.contract,
    reportTime,
    package: activity.package,
    local: activity.local,
    activity: activity.id,
    function: pick(pickers.functions),
    occurrence: pick(pickers.occurrences),
    quantity: 1 + Math.floor(Math.random() * 8),
    notes: pick(NOTES),
    reportInfo: null,
    isScheduled: Math.random() < 0.8,
  };
}

/** How a batch's rows spread in time: a phone's walks, or each row its own instant. */
export type Shape = 'walks' | 'uniform';
export const SHAPES: Shape[] = ['walks', 'uniform'];
/** Crews seen on one walk, and the demo contract's reporting period. */
export const CREWS_PER_WALK = 25;
const PERIOD_MS = 30 * 60_000;
const DAY_MS = 86_400_000;
/** The site's 07:00, as UTC in São Paulo (the demo's SITE_TIME_ZONE, UTC−3 all year). */
const FIRST_WALK_MS = 10 * 3_600_000;

/**
 * One batch. Walks: a phone that was offline a while sends a day's walks of the last 12 weeks,
 * CREWS_PER_WALK rows at each report time, one reporting period apart from 07:00 on. Uniform:
 * every row at its own instant of those 12 weeks.
 */
export function batchRows(pickers: Pickers, shape: Shape, batch: number) {
  if (shape === 'uniform')
    return Array.from({ length: batch }, () =>
      activityRow(pickers, new Date(Date.now() - Math.floor(Math.random() * 84 * DAY_MS)).toISOString()),
    );
  const day = Math.floor(Date.now() / DAY_MS) - 1 - Math.floor(Math.random() * 83);
  const first = day * DAY_MS + FIRST_WALK_MS;
  return Array.from({ length: batch }, (_, index) =>
    activityRow(pickers, new Date(first + Math.floor(index / CREWS_PER_WALK) * PERIOD_MS).toISOString()),
  );
}
