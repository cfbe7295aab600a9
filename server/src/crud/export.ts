import { PassThrough, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { fieldMessages } from '@canteiro/shared/domain';
import type { FieldLabel, Locale } from '@canteiro/shared/domain';

/**
 * Exports of the admin lists, streamed: rows are written as the database hands them over
 * (a batch at a time), so 100 000 rows never sit in memory at once.
 *
 * CSV: UTF-8 with a BOM, `;` between fields and CRLF between rows, which is what Excel
 * expects in pt-BR (where `,` is the decimal separator); fields are quoted when needed and
 * text that Excel would run as a formula (`=`, `+`, `-`, `@`) is prefixed with `'`.
 * XLSX: exceljs' streaming writer, dates as real date cells.
 */

export type Cell = string | number | boolean | Date | null | undefined;

export interface ExportColumn<Item> {
  /** A field label (shared/domain/messages/fields.ts): the screens' column title, in the export's language. */
  header: FieldLabel;
  value(item: Item, locale: Locale): Cell;
  /** ISO text XLSX stores as a date cell: `date` (`YYYY-MM-DD`) or `datetime` (shown with the time, UTC). */
  format?: 'date' | 'datetime';
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const headerText = (header: FieldLabel, locale: Locale): string => fieldMessages[locale][header];

const YES_NO: Record<Locale, [string, string]> = { 'pt-BR': ['Sim', 'Não'], 'en-US': ['Yes', 'No'] };
/** How an XLSX shows a date cell: as the screens write dates in each language (DATE_PATTERNS). */
export const DATE_FORMAT: Record<Locale, string> = { 'pt-BR': 'dd/mm/yyyy', 'en-US': 'mm/dd/yyyy' };
const TIME_FORMAT: Record<Locale, string> = { 'pt-BR': 'dd/mm/yyyy hh:mm:ss', 'en-US': 'mm/dd/yyyy hh:mm:ss' };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

function csvField(value: Cell, locale: Locale): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1];
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly Cell[], locale: Locale): string {
  return `${cells.map((cell) => csvField(cell, locale)).join(';')}\r\n`;
}

export function csvStream<Item>(
  columns: readonly ExportColumn<Item>[],
  batches: AsyncIterable<Item[]>,
  locale: Locale,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(
      columns.map((column) => headerText(column.header, locale)),
      locale,
    )}`;
    for await (const batch of batches) {
      yield batch
        .map((item) =>
          csvLine(
            columns.map((column) => column.value(item, locale)),
            locale,
          ),
        )
        .join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

function xlsxCell<Item>(column: ExportColumn<Item>, item: Item, locale: Locale): Cell {
  const value = column.value(item, locale);
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1];
  if (column.format === 'date' && typeof value === 'string' && value) return new Date(`${value}T00:00:00Z`);
  if (column.format === 'datetime' && typeof value === 'string' && value) return new Date(value);
  return value ?? null;
}

/**
 * Longest stretch an export writes rows without letting other requests in. exceljs takes
 * ~0.1–0.3 ms a row: a 1 000-row batch in one go held every other request of the node for
 * 100–350 ms, several batches of concurrent exports back to back for over a second
 * (docs/embedded-database.md).
 */
const WRITE_SLICE_MS = 4;

/** Resolves once the stream wants more, or is gone (the client hung up). */
const drained = (stream: PassThrough): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

export function xlsxStream<Item>(
  columns: readonly ExportColumn<Item>[],
  batches: AsyncIterable<Item[]>,
  locale: Locale,
  sheetName: string,
  onError: (error: unknown) => void,
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  // One style object per column, given to each of its cells: exceljs copies the column's
  // style into every cell and then works the copy's style id out from scratch, while an
  // object it has met is looked up (a 16 000-row export: 0.5–0.7 s → 0.2–0.3 s, same file).
  const styles: Partial<ExcelJS.Style>[] = columns.map((column) =>
    column.format ? { numFmt: (column.format === 'date' ? DATE_FORMAT : TIME_FORMAT)[locale] } : {},
  );
  sheet.columns = columns.map((column, index) => ({
    header: headerText(column.header, locale),
    width: Math.max(12, headerText(column.header, locale).length + 4),
    style: styles[index]!,
  }));
  sheet.getRow(1).font = { bold: true };

  async function write(): Promise<void> {
    for await (const batch of batches) {
      if (output.destroyed) return;
      let sliceStart = performance.now();
      for (const item of batch) {
        const row = sheet.addRow(columns.map((column) => xlsxCell(column, item, locale)));
        row.eachCell({ includeEmpty: true }, (cell, number) => {
          cell.style = styles[number - 1]!;
        });
        row.commit();
        if (performance.now() - sliceStart > WRITE_SLICE_MS) {
          await nextTurn();
          sliceStart = performance.now();
        }
      }
      // The client reads slower than the database answers: wait rather than buffer.
      if (output.writableNeedDrain) await drained(output);
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

/**
 * A small export held in memory (the dashboards' tables, docs/dashboards.md): sheets of a
 * few hundred rows at most, written whole before any byte leaves, so a failure is an
 * ordinary error answer. Each sheet: `preamble` lines (what the figures are of), a blank
 * line, the header and the rows.
 */
export interface ExportSheet {
  /** The sheet's name (XLSX) and the block's title line (CSV). */
  title: string;
  preamble: readonly (readonly Cell[])[];
  columns: readonly { header: string; /** An Excel number format for this column's cells. */ numFmt?: string }[];
  rows: readonly (readonly Cell[])[];
}

/** Characters Excel refuses in a sheet name. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

/**
 * Sheet names Excel accepts: at most 31 characters, none of `[]:*?/\`, unique regardless of
 * case (a repeated or truncated-alike title gets ` (2)`, ` (3)`…).
 */
export function sheetNames(titles: readonly string[]): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const base = title.replace(SHEET_NAME_FORBIDDEN, ' ').trim() || 'Sheet';
    let name = base.slice(0, 31);
    for (let copy = 2; taken.has(name.toLowerCase()); copy++) {
      const suffix = ` (${copy})`;
      name = `${base.slice(0, 31 - suffix.length)}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/** An XLSX file of the sheets, one worksheet each; Date cells are written as dates. */
export async function xlsxSheets(sheets: readonly ExportSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const names = sheetNames(sheets.map((sheet) => sheet.title));
  sheets.forEach((sheet, index) => {
    const worksheet = workbook.addWorksheet(names[index]);
    for (const line of sheet.preamble) {
      worksheet.addRow([...line]).getCell(1).font = { bold: true };
    }
    if (sheet.preamble.length > 0) worksheet.addRow([]);
    worksheet.addRow(sheet.columns.map((column) => column.header)).font = { bold: true };
    // One style object per column, shared by its cells (as xlsxStream does).
    const styles = sheet.columns.map((column): Partial<ExcelJS.Style> =>
      column.numFmt ? { numFmt: column.numFmt } : {},
    );
    for (const cells of sheet.rows) {
      const row = worksheet.addRow(cells.map((cell) => cell ?? null));
      sheet.columns.forEach((column, number) => {
        if (column.numFmt) row.getCell(number + 1).style = styles[number]!;
      });
    }
    sheet.columns.forEach((column, number) => {
      worksheet.getColumn(number + 1).width = Math.max(12, Math.min(40, column.header.length + 4));
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * One CSV of titled blocks (the same conventions as csvStream: BOM, `;`, CRLF, formula
 * protection): each block's title line, its lines, then a blank line.
 */
export function csvBlocks(blocks: readonly { title: string; lines: readonly (readonly Cell[])[] }[], locale: Locale) {
  const text = blocks.map(
    (block) => `${csvLine([block.title], locale)}${block.lines.map((line) => csvLine(line, locale)).join('')}\r\n`,
  );
  return `\uFEFF${text.join('')}`;
}
