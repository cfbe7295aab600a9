/**
 * A share over a few buckets as a small line, broken where a bucket has no value, its last
 * point marked; read by a screen reader from `label`. Its scale is the values' own, at least
 * 10 points tall (a 2-point wobble must not look like a cliff, nor vanish on 0–100 %).
 */
/** The least height of the scale, as a share (10 points). */
const MIN_SPAN = 0.1;

export function Sparkline({
  values,
  colour,
  label,
  width = 104,
  height = 28,
}: {
  values: (number | null)[];
  colour: string;
  label: string;
  width?: number;
  height?: number;
}) {
  const step = values.length > 1 ? (width - 6) / (values.length - 1) : 0;
  const x = (index: number) => 3 + index * step;
  const known = values.filter((value): value is number => value !== null);
  const middle = known.length > 0 ? (Math.min(...known) + Math.max(...known)) / 2 : 0.5;
  const span = Math.max(MIN_SPAN, known.length > 0 ? Math.max(...known) - Math.min(...known) : 0);
  const bottom = Math.min(Math.max(0, middle - span / 2), 1 - span);
  const y = (value: number) => 3 + (1 - (value - bottom) / span) * (height - 6);
  // Runs of consecutive values, each drawn as its own line.
  const runs: [number, number][][] = [];
  values.forEach((value, index) => {
    if (value === null) return;
    const point: [number, number] = [x(index), y(value)];
    if (index > 0 && values[index - 1] !== null && runs.length > 0) runs.at(-1)!.push(point);
    else runs.push([point]);
  });
  const lastIndex = values.findLastIndex((value) => value !== null);
  return (
    <svg role="img" aria-label={label} width={width} height={height} data-testid="sparkline">
      {runs.map((run, index) =>
        run.length === 1 ? (
          <circle key={index} cx={run[0]![0]} cy={run[0]![1]} r={1.8} fill={colour} />
        ) : (
          <polyline
            key={index}
            points={run.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}
            fill="none"
            stroke={colour}
            strokeWidth={2}
            strokeLinejoin="round"
          />
        ),
      )}
      {lastIndex >= 0 ? <circle cx={x(lastIndex)} cy={y(values[lastIndex]!)} r={3} fill={colour} /> : null}
    </svg>
  );
}
