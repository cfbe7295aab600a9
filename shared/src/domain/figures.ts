import type { Locale } from './constants.js';
import { figureMessages } from './messages/figures.js';
import type { FigureColumnKey, FigureTableKey, FigureValueKey } from './messages/figures.js';

/**
 * A figure of the dashboards' tables (dashboard-tables.ts): a cell's value and format, and
 * how each language writes it, the same on the screens, in the charts and in the exports.
 */

/**
 * How a cell is written: `hh` one decimal; `index` a 0..1 fraction shown as a percentage;
 * `decimal` two decimals; `rup` three significant digits (a RUP: 0,0612 or 0,850 Hh per unit
 * produced, two decimals would write 0,06 for both 0,0612 and 0,0649); `tenths` a count that may
 * be fractional (walks expected in proportion to the work schedule) to one decimal at most, 10 or
 * 3,8; `label` a key of `figures.values`; `weekday` 1 (Monday)…7;
 * `hour` 0..23 of the site's day; `flag` yes/no; `date` `YYYY-MM-DD`.
 */
export type FigureFormat =
  'text' | 'label' | 'integer' | 'hh' | 'index' | 'decimal' | 'rup' | 'tenths' | 'date' | 'weekday' | 'hour' | 'flag';
export type FigureValue = string | number | boolean | null;

export interface FigureColumn {
  key: FigureColumnKey;
  format: FigureFormat;
  /** The column of the same row holding this cell's unit of production: a RUP is Hh per that unit. */
  unit?: FigureColumnKey;
}

export type FigureRow = Partial<Record<FigureColumnKey, FigureValue>> & { id?: number | string };

export interface FigureTable {
  key: FigureTableKey;
  columns: FigureColumn[];
  rows: FigureRow[];
}

const DECIMALS: Partial<Record<FigureFormat, number>> = { integer: 0, hh: 1, decimal: 2 };
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/**
 * A cell as the language writes it (7,5 in pt-BR; 43,6 % for an index of 0.436; dates as
 * the lists write them); empty for no value. The screens' tables, the charts' labels and
 * tooltips and the CSV export all use it, so the same figure reads the same everywhere.
 */
export function formatFigure(value: FigureValue | undefined, format: FigureFormat, locale: Locale): string {
  if (value === null || value === undefined) return '';
  const words = figureMessages[locale].values;
  switch (format) {
    case 'flag':
      return value ? words.yes : words.no;
    case 'label':
      return typeof value === 'string' && Object.hasOwn(words, value) && value !== 'weekday'
        ? words[value as FigureValueKey]
        : String(value);
    case 'weekday':
      return Object.hasOwn(words.weekday, String(value))
        ? words.weekday[Number(value) as keyof typeof words.weekday]
        : String(value);
    case 'hour':
      return `${String(value).padStart(2, '0')}:00`;
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      if (!match) return String(value);
      const [, year, month, day] = match;
      return locale === 'pt-BR' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
    }
    case 'index':
      return typeof value === 'number'
        ? numberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)
        : String(value);
    case 'rup':
      return typeof value === 'number'
        ? numberFormat(locale, { minimumSignificantDigits: 3, maximumSignificantDigits: 3 }).format(value)
        : String(value);
    case 'tenths':
      return typeof value === 'number'
        ? numberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(value)
        : String(value);
    case 'integer':
    case 'hh':
    case 'decimal': {
      const digits = DECIMALS[format] ?? 0;
      return typeof value === 'number'
        ? numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
        : String(value);
    }
    default:
      return String(value);
  }
}

/**
 * A cell of a table as the screen shows it: the figure as `formatFigure` writes it and, for a
 * column with a unit, its unit ("0,0612 Hh/kg"). The exports keep the number alone: the unit
 * is a column of its own there, and a CSV cell with a unit would be text to a spreadsheet.
 */
export function formatCell(row: FigureRow, column: FigureColumn, locale: Locale): string {
  const written = formatFigure(row[column.key], column.format, locale);
  const unit = column.unit ? row[column.unit] : undefined;
  return written && typeof unit === 'string' && unit ? `${written} Hh/${unit}` : written;
}
