import type { DashboardClass } from '@canteiro/shared/domain';

/**
 * One colour per occurrence class on every dashboard screen (a class reads the same
 * everywhere): value-adding green, hidden waste amber, evident waste red — the report lists'
 * tag tones, each at 3:1 or more on white (WCAG 1.4.11, graphics) so a bar stands out.
 */
export const CLASS_COLOURS: Record<DashboardClass, string> = {
  valueAdding: '#2f7d32',
  hiddenWaste: '#b06800',
  evidentWaste: '#c62828',
};

/** The columns of a figure table that carry each class, in the classes' order (the colours'). */
export const CLASS_COLUMNS = {
  hh: ['vaHh', 'hwHh', 'ewHh'],
  index: ['vaIndex', 'hwIndex', 'ewIndex'],
} as const;

/** The three colours in the classes' order, for a chart whose series are CLASS_COLUMNS.hh or .index. */
export const CLASS_PALETTE: string[] = [
  CLASS_COLOURS.valueAdding,
  CLASS_COLOURS.hiddenWaste,
  CLASS_COLOURS.evidentWaste,
];
