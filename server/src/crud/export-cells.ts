import type { Locale } from '@canteiro/shared/domain';
import { NOT_XML_TEXT } from '../plugins/input-text.js';
import { zoneOffset } from '../site-clock.js';

/**
 * How one value is written in an export so the file opens anywhere (docs/exports.md): the
 * characters XML cannot carry, the CSV dialect of each language, the formula guard, the
 * site's clock, column widths and sheet names. crud/export.ts writes the files with these.
 */

export type Cell = string | number | boolean | Date | null | undefined;

const NOT_XML = new RegExp(NOT_XML_TEXT.source, 'g');

/**
 * The text without the characters XML cannot carry. The API refuses them (input-text.ts), but
 * an older row may hold one, and a single U+FFFE made a whole XLSX unreadable.
 */
export const xmlSafe = (text: string): string => text.replace(NOT_XML, '');

/**
 * A CSV as each language's spreadsheet reads it by default: pt-BR `;` between fields and a
 * decimal comma (`1024,419`), en-US `,` and a decimal dot. A dot in a pt-BR CSV was read as
 * a thousands separator (1024.419 kg → 1 024 419).
 */
export const CSV_DIALECT: Record<Locale, { separator: string; decimal: string }> = {
  'pt-BR': { separator: ';', decimal: ',' },
  'en-US': { separator: ',', decimal: '.' },
};

/** A number as the language writes it, without grouping (1024,419 / 1024.419). */
export const csvNumber = (value: number, locale: Locale): string =>
  String(value).replace('.', CSV_DIALECT[locale].decimal);

/**
 * What a spreadsheet would run as a formula, or whose first character it would eat: text
 * starting with `=` or `@`, a tab or a carriage return, always; text starting with `+` or `-`
 * unless it is a signed number or phone number, maybe followed by words: a digit, then
 * digits and `.,%°º`; then groups of a space, a digit and digits, `.,-`; then optionally a
 * space and words (letters, digits, spaces, `.,%°º`). So `-5`, `-1,5`, `-5 graus` and
 * `+55 11 91234-5678` stay as they are; `-2+3`, `-2-3`, `+A1`, `- item`, `-cmd|…` do not.
 */
const ALWAYS_FORMULA = /^[=@\t\r]/;
const PLAIN_SIGNED = /^[+-]\d[\d.,%°º]*(?: \d[\d.,-]*)*(?: [\p{L}\p{M}][\p{L}\p{M}\p{N} .,%°º]*)?$/u;

export const runsAsFormula = (text: string): boolean =>
  ALWAYS_FORMULA.test(text) || (/^[+-]/.test(text) && !PLAIN_SIGNED.test(text));

/** Text as a CSV field: a leading `'` where it would run as a formula (`runsAsFormula`). */
export const guardedText = (text: string): string => {
  const safe = xmlSafe(text);
  return runsAsFormula(safe) ? `'${safe}` : safe;
};

/**
 * The site's wall clock of an instant, as `YYYY-MM-DD HH:MM:SS`: the zone's offset is asked of
 * Intl once per distinct minute (site-clock.ts), not once per row — formatting every row with
 * Intl made a 100 000-row export ~1.6 s slower.
 */
export function siteClock(instant: Date, timeZone: string): string {
  const millis = instant.getTime();
  return new Date(millis + zoneOffset(millis, timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The site's wall clock of an instant as the Date an XLSX date cell holds (a date cell has no
 * zone: exceljs writes the Date's UTC fields, so the site's fields go there).
 */
export const siteDateCell = (instant: Date, timeZone: string): Date =>
  new Date(`${siteClock(instant, timeZone).replace(' ', 'T')}Z`);

/** `HH:MM` as the fraction of a day an XLSX time cell holds; the text itself otherwise. */
export function dayFraction(clock: string): number | string {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  return match ? (Number(match[1]) * 60 + Number(match[2])) / 1440 : clock;
}

/** Column widths, in characters: what the content needs, within these bounds. */
export const COLUMN_WIDTH = { min: 8, max: 60, padding: 2 };

/** How many characters a cell shows (its longest line); `shown` is the width of a formatted cell. */
export function cellWidth(cell: Cell, shown?: number): number {
  if (cell === null || cell === undefined) return 0;
  if (shown !== undefined && (typeof cell === 'number' || cell instanceof Date)) return shown;
  const text = cell instanceof Date ? cell.toISOString() : String(cell);
  return Math.max(...text.split('\n').map((line) => [...line].length));
}

/** A column's width for its header and cells. */
export const columnWidth = (widths: Iterable<number>): number => {
  let widest = 0;
  for (const width of widths) widest = Math.max(widest, width);
  return Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, widest + COLUMN_WIDTH.padding));
};

/** Excel's limit on a sheet name, and the characters it refuses in one. */
const SHEET_NAME_LENGTH = 31;
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

/** `text` in at most `length` characters, cut at a word boundary when there is one. */
function cutAtWord(text: string, length: number): string {
  if (text.length <= length) return text;
  const space = text.slice(0, length + 1).lastIndexOf(' ');
  const cut = space > 0 ? text.slice(0, space) : text.slice(0, length);
  // No dangling separator (`Produção —`, `HH por função,`).
  return cut.replace(/[\s,;—–-]+$/u, '') || cut;
}

/**
 * Sheet names Excel accepts: at most 31 characters, cut at a word, none of `[]:*?/\`, unique
 * regardless of case (a repeated or alike-cut title gets ` (2)`, ` (3)`…).
 */
export function sheetNames(titles: readonly string[]): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const base = xmlSafe(title).replace(SHEET_NAME_FORBIDDEN, ' ').trim() || 'Sheet';
    let name = cutAtWord(base, SHEET_NAME_LENGTH);
    for (let copy = 2; taken.has(name.toLowerCase()); copy++) {
      const suffix = ` (${copy})`;
      name = `${cutAtWord(base, SHEET_NAME_LENGTH - suffix.length)}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}
