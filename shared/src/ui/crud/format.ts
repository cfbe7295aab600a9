import { currentLocale, formatDate } from '@canteiro/shared/core';

/** A number as the user's language writes it: 7,5 and 1.234 in pt-BR, 7.5 and 1,234 in en-US. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 2 }).format(value);
}

/** The language's decimal separator (a number field reads and shows 7,5 in pt-BR). */
export function decimalSeparator(): string {
  return (
    new Intl.NumberFormat(currentLocale()).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** A cell's value in the column's format. */
export function formatCell(value: unknown, format: 'number' | 'date' | undefined): string {
  if (value === null || value === undefined) return '';
  if (format === 'number') return formatNumber(typeof value === 'number' ? value : Number(value));
  if (format === 'date') return formatDate(String(value));
  return String(value);
}
