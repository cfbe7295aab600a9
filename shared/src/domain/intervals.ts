/**
 * How sure a share is (DOMAIN.md §5). Workers seen together in one report row are one crew at
 * one moment, not independent observations, so every share is a ratio estimator over rows:
 * x = the row's workers, y = the row's workers of the class (x or 0), p̂ = Σy / Σx. The row's
 * HH is x × the contract's reporting period, a constant that cancels out of the share and of
 * its variance, so everything here is in workers.
 *
 * A slice's sums come from SQL in the same pass as its figures: the rows, Σx (workers), Σy
 * (the class's workers), Σx² and Σy² (= Σxy, since y is x or 0). They give
 * Σ(y − p̂x)² = Σy² − 2p̂Σxy + p̂²Σx² in closed form, so the rollups carry Σx² per class.
 */

/** z of a two-sided 95 % interval. */
export const Z95 = 1.959964;

/** A share whose interval is wider than ± 5 points is low-confidence (DOMAIN.md §5). */
export const LOW_CONFIDENCE_HALF_WIDTH = 0.05;

/** What a slice's SQL sums for one share. */
export interface ShareSums {
  /** Report rows in the slice (n). */
  rows: number;
  /** Σx: workers seen in the slice. */
  workers: number;
  /** Σy: workers of the class (or of the occurrence) in the slice. */
  classWorkers: number;
  /** Σx²: the squares of each row's workers. */
  squares: number;
  /** Σy²: the squares of the rows of the class. */
  classSquares: number;
}

/** A share's 95 % interval (Wilson's score interval on the effective sample size). */
export interface ShareInterval {
  low: number;
  high: number;
  /** Var̂(p̂) of the ratio estimator: what a comparison of two shares adds up. */
  variance: number;
  /** n_eff = p̂(1 − p̂) / Var̂(p̂), never more than the workers seen. */
  effectiveSample: number;
  /** deff = Var̂(p̂) ÷ (p̂(1 − p̂) / workers): how much the clustering costs; null when p̂ is 0 or 1. */
  designEffect: number | null;
  /** Half-width over {@link LOW_CONFIDENCE_HALF_WIDTH}. */
  lowConfidence: boolean;
}

/** Wilson's score interval of a share `p` on `n` observations, at {@link Z95}. */
export function wilson(p: number, n: number): { low: number; high: number; halfWidth: number } {
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const halfWidth = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { low: Math.max(0, centre - halfWidth), high: Math.min(1, centre + halfWidth), halfWidth };
}

/** Var̂(p̂) = Σ(y − p̂x)² / (n(n − 1)x̄²), x̄ = Σx / n; null with fewer than two rows. */
export function shareVariance(sums: ShareSums): number | null {
  const { rows: n, workers, classWorkers, squares, classSquares } = sums;
  if (n < 2 || workers <= 0) return null;
  const p = classWorkers / workers;
  // Rounding can take an exact 0 a hair below it.
  const residual = Math.max(0, classSquares - 2 * p * classSquares + p * p * squares);
  return (residual * n) / ((n - 1) * workers * workers);
}

/** The 95 % interval of a share (DOMAIN.md §5), null when the slice has no workers. */
export function shareInterval(sums: ShareSums): ShareInterval | null {
  const { rows, workers, classWorkers } = sums;
  if (workers <= 0 || rows <= 0) return null;
  const p = classWorkers / workers;
  const spread = p * (1 - p);
  const computed = shareVariance(sums);
  // A share of 0 or 1, or a single row, has no spread to estimate: n_eff is the rows.
  const degenerate = computed === null || spread <= 0;
  const effectiveSample = degenerate ? rows : computed > 0 ? Math.min(workers, spread / computed) : workers;
  const { low, high, halfWidth } = wilson(p, effectiveSample);
  // Without a spread to estimate, the variance a comparison adds is the interval's own.
  const variance = degenerate ? (halfWidth / Z95) ** 2 : spread / effectiveSample;
  return {
    low,
    high,
    variance,
    effectiveSample,
    designEffect: degenerate ? null : variance / (spread / workers),
    lowConfidence: halfWidth > LOW_CONFIDENCE_HALF_WIDTH,
  };
}

/** The difference of two shares (after − before) and its 95 % interval (DOMAIN.md §5). */
export interface ShareDifference {
  difference: number;
  low: number;
  high: number;
  /** The interval excludes 0: "a real change". */
  real: boolean;
}

export function shareDifference(
  before: { share: number; variance: number },
  after: { share: number; variance: number },
): ShareDifference {
  const difference = after.share - before.share;
  const half = Z95 * Math.sqrt(before.variance + after.variance);
  const low = difference - half;
  const high = difference + half;
  return { difference, low, high, real: low > 0 || high < 0 };
}

/** A day of the control chart of the daily value-adding share. */
export interface ControlDay {
  date: string;
  share: number;
  /** Workers seen that day (w_d). */
  workers: number;
}

export type ControlSignal = 'outside' | 'run';

export interface ControlPoint extends ControlDay {
  lower: number;
  upper: number;
  /** `outside` its limits, or part of a `run` of {@link CONTROL_RUN} or more days on one side of the centre. */
  signal: ControlSignal | null;
}

/** Days in a row on one side of the centre that make a signal. */
export const CONTROL_RUN = 8;

/**
 * The control chart of the daily value-adding share (DOMAIN.md §5, a p-chart made honest for
 * clustering): centre p̄ = the window's share; for a day with w_d workers,
 * limits p̄ ± 3·√(p̄(1 − p̄) / (w_d / deff)), clipped to 0–1, deff the whole window's (1 when
 * the window has none). Days oldest first.
 */
export function controlChart(days: ControlDay[], centre: number, designEffect: number | null): ControlPoint[] {
  const deff = designEffect ?? 1;
  const points: ControlPoint[] = days.map((day) => {
    const half = 3 * Math.sqrt((centre * (1 - centre)) / (day.workers / deff));
    const lower = Math.max(0, centre - half);
    const upper = Math.min(1, centre + half);
    return { ...day, lower, upper, signal: day.share < lower || day.share > upper ? 'outside' : null };
  });
  // Runs: consecutive days strictly on one side; a day on the centre line ends a run.
  let start = 0;
  for (let index = 0; index <= points.length; index += 1) {
    const side = index < points.length ? Math.sign(points[index]!.share - centre) : 0;
    const runSide = start < points.length ? Math.sign(points[start]!.share - centre) : 0;
    if (index < points.length && side !== 0 && side === runSide) continue;
    if (runSide !== 0 && index - start >= CONTROL_RUN)
      for (let day = start; day < index; day += 1) points[day]!.signal ??= 'run';
    start = index;
  }
  return points;
}

/**
 * A slice's mark: low-confidence when one of its shares is (their intervals come from the same
 * rows, so the widest is the one nearest 50 %), or when it has no share at all.
 */
export function lowConfidence(intervals: Record<string, ShareInterval | null>): boolean {
  // A loop, not filter + some: the dashboards ask it of every ranked row (thousands an answer).
  let known = false;
  for (const interval of Object.values(intervals)) {
    if (interval === null) continue;
    if (interval.lowConfidence) return true;
    known = true;
  }
  return !known;
}
