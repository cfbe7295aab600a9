import type { TFunction } from 'i18next';
import { formatFigure } from '@canteiro/shared/domain';
import type { FigureColumnKey, FigureFormat, FigureTable, Locale } from '@canteiro/shared/domain';

/**
 * A chart's data straight from the table shown under it (chart and table agree):
 * one series per column, named by the column's header, one point per row, in the rows' order.
 * A cell that is not a number (no value) is a gap, never a zero.
 */
export function tableSeries(
  table: FigureTable,
  columns: readonly FigureColumnKey[],
  t: TFunction,
): { name: string; data: (number | null)[] }[] {
  return columns.map((key) => ({
    name: t(`figures:columns.${key}`),
    data: table.rows.map((row) => {
      const value = row[key];
      return typeof value === 'number' ? value : null;
    }),
  }));
}

/** A pie's or donut's series: the columns of one row (the totals row by default). */
export function rowSeries(table: FigureTable, columns: readonly FigureColumnKey[], row = 0): number[] {
  return columns.map((key) => {
    const value = table.rows[row]?.[key];
    return typeof value === 'number' ? value : 0;
  });
}

/**
 * A name on a horizontal bar's axis: a name with its path when it repeats in the contract ("Armação — Pavimento tipo
 * A1", server/src/db/catalogue-labels.ts) on two lines, so the path — what tells same-named
 * packages apart — is never the part an axis cuts off.
 */
export const nameLines = (name: string): string | string[] => {
  const lines = name.split(' — ');
  return lines.length > 1 ? lines : name;
};

/** The category axis: each row's cell of `column` as the table writes it (a weekday's name, 07:00, a date). */
export function tableCategories(table: FigureTable, column: FigureColumnKey, locale: Locale): string[] {
  const format = table.columns.find((candidate) => candidate.key === column)?.format ?? 'text';
  return table.rows.map((row) => formatFigure(row[column], format, locale));
}

/** What apexcharts passes a tooltip formatter: the point and the chart's series. */
interface TooltipPoint {
  seriesIndex?: number;
  dataPointIndex: number;
  w?: {
    config?: {
      series?: { data: (number | null)[] }[];
      chart?: { stackType?: string };
      plotOptions?: { bar?: { horizontal?: boolean } };
    };
    /** The drawn chart's plot height, y range and column width, when apexcharts is drawing it. */
    globals?: { gridHeight?: number; minY?: number; maxY?: number; barWidth?: number };
  };
}

/** A stacked point's total: the sum of every series at `dataPointIndex`. */
const stackTotal = (point: TooltipPoint) =>
  (point.w?.config?.series ?? []).reduce((sum, series) => sum + (series.data[point.dataPointIndex] ?? 0), 0);

/**
 * The tooltip of a stacked HH chart: one box for the whole stack, its title the category and
 * the stack's total ("Segunda · total 1.234,5 HH"), each class's line its HH and its share of
 * the stack ("7,5 HH · 43,6 %").
 */
export function stackedTooltip(categories: string[], locale: Locale, totalLabel: string) {
  return {
    shared: true,
    intersect: false,
    x: {
      formatter: (_value: unknown, point?: TooltipPoint) =>
        point
          ? `${categories[point.dataPointIndex] ?? ''} · ${totalLabel} ${formatFigure(stackTotal(point), 'hh', locale)} HH`
          : '',
    },
    y: {
      formatter: (value: number, point?: TooltipPoint) => {
        if (typeof value !== 'number') return '';
        const total = point ? stackTotal(point) : 0;
        const share = total > 0 ? ` · ${formatFigure(value / total, 'index', locale)}` : '';
        return `${formatFigure(value, 'hh', locale)} HH${share}`;
      },
    },
  };
}

/**
 * A segment or slice narrower than this share of its whole carries no label: its number would
 * not fit inside it and would cover its neighbours (the tooltip and the table still give it).
 */
export const MIN_LABELLED_SHARE = 0.08;

/**
 * A column's segment lower than this (px) carries no label either: an 11 px number in it ran
 * over the segment above (a Saturday of 62 HH beside weekdays of 300, its 15,5 HH 10 px high).
 */
export const MIN_LABELLED_HEIGHT = 14;

/** The labels' size (px): `stackedLabels`' style. */
const LABEL_FONT_PX = 11;

/**
 * A label's width as written (px), from its characters: a digit (and most letters) ~0.6 of the
 * font size in the theme's sans-serif at 600, a comma, point or space ~0.3. Room to spare is
 * asked for by the caller; apexcharts checks a column's labels for height only.
 */
export function labelWidth(text: string, fontPx = LABEL_FONT_PX): number {
  return [...text].reduce((width, character) => width + (/[,.\s]/.test(character) ? 0.3 : 0.6) * fontPx, 0);
}

/** A column narrower than its label by less than this (px, both sides together) carries none. */
const LABEL_SIDE_ROOM = 4;

/** A segment's height on the drawn chart (px), or null when apexcharts does not say (or a bar lies). */
function segmentHeight(value: number, total: number, point: TooltipPoint): number | null {
  const config = point.w?.config;
  const { gridHeight, minY = 0, maxY } = point.w?.globals ?? {};
  if (config?.plotOptions?.bar?.horizontal === true || !gridHeight || maxY === undefined) return null;
  if (config?.chart?.stackType === '100%') return total > 0 ? (value / total) * gridHeight : null;
  return maxY > minY ? (value / (maxY - minY)) * gridHeight : null;
}

/**
 * The label colours on the class colours, in the classes' order: white on the green and the
 * brown, near-black on the coral red (white on it is 3.6:1, too little for 12 px text).
 */
export const CLASS_LABEL_COLOURS = ['#ffffff', '#ffffff', '#1f1f1f'];

/**
 * Direct labels on a stacked bar's segments: each its value as the table writes it (`format`),
 * none on a segment under MIN_LABELLED_SHARE of its stack, nor on a column's segment lower
 * than MIN_LABELLED_HEIGHT or narrower than its label as drawn. The value is read from the series,
 * not from apexcharts' argument (a 100 % stack passes its percentage there).
 */
export function stackedLabels(locale: Locale, format: FigureFormat = 'hh') {
  return {
    enabled: true,
    formatter: (_value: unknown, point?: TooltipPoint) => {
      if (!point) return '';
      const value = point.w?.config?.series?.[point.seriesIndex ?? -1]?.data[point.dataPointIndex];
      const total = stackTotal(point);
      if (typeof value !== 'number' || total <= 0 || value / total < MIN_LABELLED_SHARE) return '';
      const height = segmentHeight(value, total, point);
      if (height !== null && height < MIN_LABELLED_HEIGHT) return '';
      const text = formatFigure(value, format, locale);
      // Nor one wider than its column (a narrow window): it ran over the column's edges.
      const barWidth = point.w?.config?.plotOptions?.bar?.horizontal === true ? undefined : point.w?.globals?.barWidth;
      return barWidth !== undefined && labelWidth(text) + LABEL_SIDE_ROOM > barWidth ? '' : text;
    },
    style: { fontSize: `${LABEL_FONT_PX}px`, fontWeight: 600, colors: CLASS_LABEL_COLOURS },
    dropShadow: { enabled: false },
  };
}
