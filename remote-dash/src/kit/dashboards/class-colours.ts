import type { DashboardClass } from '@canteiro/shared/domain';

/**
 * One colour per occurrence class on every dashboard screen (a class reads the same
 * everywhere): value-adding green, hidden waste dark brown, evident waste coral red, each at
 * 3:1 or more on white (WCAG 1.4.11, graphics) so a bar stands out. Their lightness differs by
 * 15 L* or more, also as a person with deuteranopia sees them (the earlier green, amber and red
 * all became one olive, L* 45–53): the classes are told apart without their hues
 * (__tests__/class-colours.test.ts checks it).
 */
export const CLASS_COLOURS: Record<DashboardClass, string> = {
  valueAdding: '#2a662d',
  hiddenWaste: '#3e2723',
  evidentWaste: '#e35d4d',
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
