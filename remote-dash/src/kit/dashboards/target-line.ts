import type { ApexOptions } from 'apexcharts';

type YAxisAnnotation = NonNullable<NonNullable<ApexOptions['annotations']>['yaxis']>[number];

/** The colour of a contract's target on every chart: near-black, dashed (never told by hue alone). */
export const TARGET_COLOUR = '#6b2c91';

/**
 * A contract's target (docs/dashboards.md, "Targets") as a dashed line across a chart at
 * `value` (a share 0..1), labelled with its words ("Meta 55,0%"): `y` on columns and lines,
 * `x` on horizontal bars.
 */
export function targetLine(value: number, text: string): YAxisAnnotation {
  return {
    y: value,
    borderColor: TARGET_COLOUR,
    strokeDashArray: 8,
    borderWidth: 2,
    label: {
      text,
      borderWidth: 0,
      position: 'left',
      textAnchor: 'start',
      offsetX: 4,
      style: { background: '#ffffff', color: TARGET_COLOUR, fontWeight: 600 },
    },
  };
}
