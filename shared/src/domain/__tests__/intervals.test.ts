import { CONTROL_RUN, controlChart, shareDifference, shareInterval, wilson } from '../intervals';
import type { ShareSums } from '../intervals';

/**
 * DOMAIN.md §5's worked example: six rows of a 30-minute contract (the HH are half the
 * workers, and cancel): VA 5, VA 7, HW 5, EW 6 on Monday; VA 3, EW 4 on Tuesday.
 */
type Row = { workers: number; class: 'va' | 'hw' | 'ew' };
const ROWS: Row[] = [
  { workers: 5, class: 'va' },
  { workers: 7, class: 'va' },
  { workers: 5, class: 'hw' },
  { workers: 6, class: 'ew' },
  { workers: 3, class: 'va' },
  { workers: 4, class: 'ew' },
];

function sums(rows: Row[], of: Row['class']): ShareSums {
  const mine = rows.filter((row) => row.class === of);
  return {
    rows: rows.length,
    workers: rows.reduce((sum, row) => sum + row.workers, 0),
    classWorkers: mine.reduce((sum, row) => sum + row.workers, 0),
    squares: rows.reduce((sum, row) => sum + row.workers ** 2, 0),
    classSquares: mine.reduce((sum, row) => sum + row.workers ** 2, 0),
  };
}

const percent = (value: number) => Math.round(value * 1000) / 10;

describe('shareInterval (DOMAIN.md §5)', () => {
  it('gives the worked example: value-adding 50 % (16,4–83,6 %), n_eff 4,69, deff 6,4', () => {
    const interval = shareInterval(sums(ROWS, 'va'))!;
    expect(percent(interval.low)).toBe(16.4);
    expect(percent(interval.high)).toBe(83.6);
    // Var̂ = 10 / (6·5·2,5²) in HH; the hours cancel.
    expect(interval.variance).toBeCloseTo(0.053333, 5);
    expect(interval.effectiveSample).toBeCloseTo(4.6875, 4);
    expect(interval.designEffect).toBeCloseTo(6.4, 6);
    expect(interval.lowConfidence).toBe(true);
  });

  it('gives evident waste 33,3 % (8,4–73,2 %) and hidden waste 16,7 % (2,6–59,9 %)', () => {
    const evident = shareInterval(sums(ROWS, 'ew'))!;
    expect([percent(evident.low), percent(evident.high)]).toEqual([8.4, 73.2]);
    const hidden = shareInterval(sums(ROWS, 'hw'))!;
    expect([percent(hidden.low), percent(hidden.high)]).toEqual([2.6, 59.9]);
  });

  it('gives the Pedreiro slice (VA 5, HW 5, VA 3, EW 4) 47,1 % (11,0–86,4 %)', () => {
    const pedreiro = [ROWS[0]!, ROWS[2]!, ROWS[4]!, ROWS[5]!];
    const interval = shareInterval(sums(pedreiro, 'va'))!;
    expect([percent(interval.low), percent(interval.high)]).toEqual([11, 86.4]);
  });

  it("one worker a row is a plain Wilson interval on n − 1 (the estimator's own variance)", () => {
    const rows: Row[] = Array.from({ length: 400 }, (_, index) => ({
      workers: 1,
      class: index % 4 === 0 ? 'va' : 'ew',
    }));
    const interval = shareInterval(sums(rows, 'va'))!;
    expect(interval.effectiveSample).toBeCloseTo(399, 6);
    const plain = wilson(0.25, 399);
    expect(interval.low).toBeCloseTo(plain.low, 9);
    expect(interval.high).toBeCloseTo(plain.high, 9);
    expect(interval.lowConfidence).toBe(false);
  });

  it('crews make the interval wider than counting workers would', () => {
    // The same 400 workers seen as 50 crews of 8: each crew all of one class.
    const rows: Row[] = Array.from({ length: 50 }, (_, index) => ({
      workers: 8,
      class: index % 4 === 0 ? 'va' : 'ew',
    }));
    const interval = shareInterval(sums(rows, 'va'))!;
    expect(interval.effectiveSample).toBeLessThan(60);
    expect(interval.designEffect).toBeGreaterThan(6);
    expect(interval.lowConfidence).toBe(true);
  });

  it('has n_eff = the rows for a share of 0 or 1 or a single row, and nothing without workers', () => {
    const none = shareInterval({ ...sums(ROWS, 'va'), classWorkers: 0, classSquares: 0 })!;
    expect(none.effectiveSample).toBe(6);
    expect(none.low).toBe(0);
    expect(none.designEffect).toBeNull();
    expect(none.variance).toBeGreaterThan(0);
    expect(shareInterval({ rows: 1, workers: 4, classWorkers: 1, squares: 16, classSquares: 1 })!.effectiveSample).toBe(
      1,
    );
    expect(shareInterval({ rows: 0, workers: 0, classWorkers: 0, squares: 0, classSquares: 0 })).toBeNull();
  });
});

describe('shareDifference (DOMAIN.md §5)', () => {
  it('calls a change real only when its interval excludes 0', () => {
    const monday = shareInterval(sums(ROWS.slice(0, 4), 'va'))!;
    const tuesday = shareInterval(sums(ROWS.slice(4), 'va'))!;
    const change = shareDifference(
      { share: 12 / 23, variance: monday.variance },
      { share: 3 / 7, variance: tuesday.variance },
    );
    expect(percent(change.difference)).toBe(-9.3);
    expect(change.real).toBe(false);
    expect(shareDifference({ share: 0.4, variance: 0.0001 }, { share: 0.5, variance: 0.0001 }).real).toBe(true);
    expect(shareDifference({ share: 0.5, variance: 0.0001 }, { share: 0.4, variance: 0.0001 }).real).toBe(true);
  });
});

describe('controlChart (DOMAIN.md §5)', () => {
  const day = (index: number, share: number, workers = 100) => ({
    date: `2026-10-${String(index + 1).padStart(2, '0')}`,
    share,
    workers,
  });

  it('draws p̄ ± 3·√(p̄(1 − p̄) / (w_d / deff)) per day, clipped, and marks a day outside them', () => {
    const [first, second, third] = controlChart([day(0, 0.5), day(1, 0.9), day(2, 0.45, 4)], 0.5, 4);
    // 3·√(0,25 / 25) = 0,3
    expect(first!.lower).toBeCloseTo(0.2, 9);
    expect(first!.upper).toBeCloseTo(0.8, 9);
    expect(first!.signal).toBeNull();
    expect(second!.signal).toBe('outside');
    expect([third!.lower, third!.upper]).toEqual([0, 1]);
  });

  it(`marks ${CONTROL_RUN} days in a row on one side of the centre, not ${CONTROL_RUN - 1}`, () => {
    const shares = [0.55, 0.55, 0.55, 0.55, 0.55, 0.55, 0.55, 0.45, 0.52, 0.52, 0.52, 0.52, 0.52, 0.52, 0.52, 0.52];
    const points = controlChart(
      shares.map((share, index) => day(index, share)),
      0.5,
      1,
    );
    expect(points.slice(0, 8).every((point) => point.signal === null)).toBe(true);
    expect(points.slice(8).every((point) => point.signal === 'run')).toBe(true);
  });
});
