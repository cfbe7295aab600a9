import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import { DATE_PATTERNS, currentLocale } from '@canteiro/shared/core';
import type { Locale } from '@canteiro/shared/domain';

dayjs.extend(customParseFormat);

/** The message of a date field whose text is not a date (the schema's `invalid_value` on a date). */
export const INVALID_DATE = 'kit:invalidDate';

/**
 * What people type, per language: the display pattern first (the one antd shows and reads),
 * then the short forms — no leading zeros, two-digit years, no separators — and ISO.
 */
export function dateFormats(locale: Locale): string[] {
  const dayFirst = locale === 'pt-BR';
  const [d, m] = dayFirst ? ['D', 'M'] : ['M', 'D'];
  const [dd, mm] = dayFirst ? ['DD', 'MM'] : ['MM', 'DD'];
  return [
    DATE_PATTERNS[locale].date,
    `${d}/${m}/YYYY`,
    `${dd}/${mm}/YY`,
    `${d}/${m}/YY`,
    `${dd}${mm}YYYY`,
    `${dd}${mm}YY`,
    'YYYY-MM-DD',
    `${d}-${m}-YYYY`,
    `${d}.${m}.YYYY`,
  ];
}

/** A typed date as `YYYY-MM-DD`, '' for nothing typed, or null when it is not a date. */
export function parseTypedDate(text: string, locale: Locale): string | null {
  const typed = text.trim();
  if (!typed) return '';
  for (const format of dateFormats(locale)) {
    const date = dayjs(typed, format, true);
    if (date.isValid()) return date.format('YYYY-MM-DD');
  }
  return null;
}

const ARROW_DAYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

interface DateInputProps {
  id: string;
  /** `YYYY-MM-DD`, '' for none, or the text typed when it is not a date (the schema refuses it). */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  status?: 'error';
  ariaProps: Record<string, unknown>;
  /** What the empty field says (a list's date filter: "De: dd/mm/aaaa"); the date pattern by default. */
  placeholder?: string;
}

const isDay = (value: string | null | undefined): value is string =>
  Boolean(value) && dayjs(value, 'YYYY-MM-DD', true).isValid();

/**
 * antd's DatePicker, taught to read what people type (1/12/2026, 01/12/26, 01122026,
 * 2026-12-01) on blur and Enter, to keep a text it cannot read (with an error) instead of
 * erasing it, to move the day with the arrow keys while the calendar is open, and to take
 * Enter on an open calendar as "pick this day", not as "submit the form".
 */
export function DateInput({ id, value, onChange, onBlur, status, ariaProps, placeholder }: DateInputProps) {
  const { t } = useTranslation('kit');
  const locale = currentLocale();
  const [open, setOpen] = useState(false);
  const [pickerValue, setPickerValue] = useState<Dayjs | undefined>(undefined);
  // While the form holds a text that is no date, the picker keeps the last day it had, so it
  // does not rewrite the input (with `preserveInvalidOnBlur` the text typed stays in view).
  const lastDay = useRef<string | null>(isDay(value) ? value : null);
  if (isDay(value) || !value) lastDay.current = isDay(value) ? value : null;
  const current = lastDay.current ? dayjs(lastDay.current) : null;

  // When the text typed has just been read, antd closing its calendar sends back the day it
  // had before; that echo, in the same task, is not the person's choice.
  const justRead = useRef(false);
  /** Reads the input's text into the form: a date as `YYYY-MM-DD`, anything else as typed. */
  const commitText = (text: string): boolean => {
    const parsed = parseTypedDate(text, locale);
    const next = parsed ?? text.trim();
    if (next !== (value ?? '')) {
      justRead.current = true;
      setTimeout(() => {
        justRead.current = false;
      }, 0);
      onChange(next);
    }
    return parsed !== null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const input = event.target as HTMLInputElement;
    if (event.key === 'Enter') {
      const ok = commitText(input.value);
      // An open calendar takes Enter as "this day"; a text that is no date never submits.
      if (open || !ok) event.preventDefault();
      if (open) setOpen(false);
      return;
    }
    const days = ARROW_DAYS[event.key];
    if (open && days !== undefined) {
      event.preventDefault();
      const typedDay = parseTypedDate(input.value, locale);
      const base = dayjs(typedDay || (isDay(value) ? value : undefined));
      const next = base.add(days, 'day');
      onChange(next.format('YYYY-MM-DD'));
      setPickerValue(next);
    }
  };

  return (
    <DatePicker
      {...ariaProps}
      id={id}
      status={status}
      style={{ width: '100%' }}
      // Only the display pattern: given the short forms too, antd reads a date half typed
      // ("1/12/20" is 01/12/2020 in D/M/YY) and rewrites the text under the fingers. The
      // short forms are read here, on blur and Enter.
      format={DATE_PATTERNS[locale].date}
      placeholder={placeholder ?? t('datePlaceholder')}
      value={current}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setPickerValue(undefined);
      }}
      pickerValue={pickerValue ?? current ?? undefined}
      onPanelChange={(date) => setPickerValue(date)}
      preserveInvalidOnBlur
      onChange={(date) => {
        if (!justRead.current) onChange(date ? date.format('YYYY-MM-DD') : '');
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        commitText((event.target as HTMLInputElement).value);
        onBlur();
      }}
    />
  );
}
