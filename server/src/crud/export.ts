import { PassThrough, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import { fieldMessages } from '@canteiro/shared/domain';
import type { FieldLabel, Locale } from '@canteiro/shared/domain';
import type { Cell } from './export-cells.js';
import {
  CSV_DIALECT,
  cellWidth,
  columnWidth,
  csvNumber,
  dayFraction,
  guardedText,
  sheetNames,
  siteClock,
  siteDateCell,
  xmlSafe,
} from './export-cells.js';

/**
 * exceljs is read on the first XLSX, not when the server starts: loading it took 0.4–0.8 s of
 * every start (and of every server test file) for a library most processes never call.
 */
const requireModule = createRequire(import.meta.url);
let excel: typeof ExcelJS | undefined;
const exceljs = (): typeof ExcelJS => (excel ??= requireModule('exceljs') as typeof ExcelJS);

export type { Cell } from './export-cells.js';
export { sheetNames } from './export-cells.js';

/**
 * Exports of the admin lists, streamed: rows are written as the database hands them over
 * (a batch at a time), so 100 000 rows never sit in memory at once. docs/exports.md.
 *
 * CSV: UTF-8 with a BOM and CRLF between rows, in the dialect of the export's language
 * (pt-BR `;` and a decimal comma, en-US `,` and a decimal dot: CSV_DIALECT); fields are
 * quoted when needed and text a spreadsheet would run as a formula gets a leading `'`
 * (`runsAsFormula`). XLSX: exceljs' streaming writer; dates and times are date cells on the
 * site's clock, columns as wide as their content.
 */

export interface ExportColumn<Item> {
  /** A field label (shared/domain/messages/fields.ts): the screens' column title, in the export's language. */
  header: FieldLabel;
  value(item: Item, locale: Locale): Cell;
  /**
   * How XLSX stores the ISO text: `date` (`YYYY-MM-DD`) a date cell; `datetime` (an instant)
   * a date-and-time cell on the site's clock (CSV: `YYYY-MM-DD HH:MM:SS` on that clock);
   * `time` (`HH:MM`) a time cell.
   */
  format?: 'date' | 'datetime' | 'time';
}

/** What an export is written for: the reader's language and the sites' time zone. */
export interface ExportReader {
  locale: Locale;
  timeZone: string;
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
const DATETIME_FORMAT: Record<Locale, string> = { 'pt-BR': 'dd/mm/yyyy hh:mm:ss', 'en-US': 'mm/dd/yyyy hh:mm:ss' };
const TIME_FORMAT = 'hh:mm';
const CELL_FORMATS = {
  date: (locale: Locale) => DATE_FORMAT[locale],
  datetime: (locale: Locale) => DATETIME_FORMAT[locale],
  time: () => TIME_FORMAT,
};

function csvField(value: Cell, locale: Locale): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1];
  if (typeof value === 'number') return csvNumber(value, locale);
  if (value instanceof Date) return value.toISOString();
  const text = guardedText(value);
  const { separator } = CSV_DIALECT[locale];
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly Cell[], locale: Locale): string {
  return `${cells.map((cell) => csvField(cell, locale)).join(CSV_DIALECT[locale].separator)}\r\n`;
}

/** A column's value as the CSV writes it: an instant on the site's clock. */
function csvCell<Item>(column: ExportColumn<Item>, item: Item, { locale, timeZone }: ExportReader): Cell {
  const value = column.value(item, locale);
  if (column.format === 'datetime' && typeof value === 'string' && value) return siteClock(new Date(value), timeZone);
  return value;
}

export function csvStream<Item>(
  columns: readonly ExportColumn<Item>[],
  batches: AsyncIterable<Item[]>,
  reader: ExportReader,
): Readable {
  const { locale } = reader;
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(
      columns.map((column) => headerText(column.header, locale)),
      locale,
    )}`;
    for await (const batch of batches) {
      yield batch
        .map((item) =>
          csvLine(
            columns.map((column) => csvCell(column, item, reader)),
            locale,
          ),
        )
        .join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

function xlsxCell<Item>(column: ExportColumn<Item>, item: Item, { locale, timeZone }: ExportReader): Cell {
  const value = column.value(item, locale);
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1];
  if (typeof value === 'string') {
    if (column.format === 'date' && value) return new Date(`${value}T00:00:00Z`);
    if (column.format === 'datetime' && value) return siteDateCell(new Date(value), timeZone);
    if (column.format === 'time') return dayFraction(value);
    return xmlSafe(value);
  }
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
  reader: ExportReader & { sheetName: string },
  onError: (error: unknown) => void,
): Readable {
  const { locale } = reader;
  const output = new PassThrough();
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetNames([reader.sheetName])[0]);
  // One style object per column, given to each of its cells: exceljs copies the column's
  // style into every cell and then works the copy's style id out from scratch, while an
  // object it has met is looked up (a 16 000-row export: 0.5–0.7 s → 0.2–0.3 s, same file).
  const formats = columns.map((column) => (column.format ? CELL_FORMATS[column.format](locale) : undefined));
  const styles: Partial<ExcelJS.Style>[] = formats.map((numFmt) => (numFmt ? { numFmt } : {}));
  const headers = columns.map((column) => headerText(column.header, locale));

  /**
   * The columns, as wide as their header and the first batch's cells need: the streaming
   * writer puts the widths before the first row, so the later batches cannot widen them.
   */
  function declareColumns(first: readonly Cell[][]): void {
    sheet.columns = columns.map((_, index) => ({
      header: headers[index]!,
      width: columnWidth([
        cellWidth(headers[index]!),
        ...first.map((cells) => cellWidth(cells[index], formats[index]?.length)),
      ]),
      style: styles[index]!,
    }));
    sheet.getRow(1).font = { bold: true };
  }

  /** Calls `each` on every item, letting other requests in every WRITE_SLICE_MS. */
  async function inSlices<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
    let sliceStart = performance.now();
    for (const item of items) {
      each(item);
      if (performance.now() - sliceStart > WRITE_SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
  }

  async function write(): Promise<void> {
    let declared = false;
    for await (const batch of batches) {
      if (output.destroyed) return;
      const rows: Cell[][] = [];
      await inSlices(batch, (item) => rows.push(columns.map((column) => xlsxCell(column, item, reader))));
      if (!declared) {
        declareColumns(rows);
        declared = true;
      }
      await inSlices(rows, (cells) => {
        const row = sheet.addRow(cells);
        row.eachCell({ includeEmpty: true }, (cell, number) => {
          cell.style = styles[number - 1]!;
        });
        row.commit();
      });
      // The client reads slower than the database answers: wait rather than buffer.
      if (output.writableNeedDrain) await drained(output);
    }
    if (!declared) declareColumns([]);
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

/** An XLSX file of the sheets, one worksheet each; Date cells are written as dates. */
export async function xlsxSheets(sheets: readonly ExportSheet[]): Promise<Buffer> {
  const workbook = new (exceljs().Workbook)();
  const names = sheetNames(sheets.map((sheet) => sheet.title));
  sheets.forEach((sheet, index) => {
    const worksheet = workbook.addWorksheet(names[index]);
    for (const line of sheet.preamble) {
      worksheet.addRow(line.map((cell) => (typeof cell === 'string' ? xmlSafe(cell) : cell))).getCell(1).font = {
        bold: true,
      };
    }
    if (sheet.preamble.length > 0) worksheet.addRow([]);
    worksheet.addRow(sheet.columns.map((column) => column.header)).font = { bold: true };
    // One style object per column, shared by its cells (as xlsxStream does).
    const styles = sheet.columns.map((column): Partial<ExcelJS.Style> =>
      column.numFmt ? { numFmt: column.numFmt } : {},
    );
    const rows = sheet.rows.map((cells) =>
      cells.map((cell) => (typeof cell === 'string' ? xmlSafe(cell) : (cell ?? null))),
    );
    for (const cells of rows) {
      const row = worksheet.addRow(cells);
      sheet.columns.forEach((column, number) => {
        if (column.numFmt) row.getCell(number + 1).style = styles[number]!;
      });
    }
    // As wide as the header, the cells and the preamble's lines above them need.
    sheet.columns.forEach((column, number) => {
      worksheet.getColumn(number + 1).width = columnWidth([
        cellWidth(column.header),
        ...sheet.preamble.map((line) => cellWidth(line[number])),
        ...rows.map((cells) => cellWidth(cells[number], column.numFmt?.length)),
      ]);
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * One CSV of titled blocks (the same conventions as csvStream: BOM, the language's dialect,
 * CRLF, formula protection): each block's title line, its lines, then a blank line.
 */
export function csvBlocks(blocks: readonly { title: string; lines: readonly (readonly Cell[])[] }[], locale: Locale) {
  const text = blocks.map(
    (block) => `${csvLine([block.title], locale)}${block.lines.map((line) => csvLine(line, locale)).join('')}\r\n`,
  );
  return `\uFEFF${text.join('')}`;
}
