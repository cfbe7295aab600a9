import dayjs from 'dayjs';
import { currentLocale } from '@canteiro/shared/core';

const PATTERNS = {
  'pt-BR': { date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY HH:mm' },
  'en-US': { date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY HH:mm' },
} as const;

/** Dates as the user's language writes them. */
export const formatDate = (value: string | null | undefined): string =>
  value ? dayjs(value).format(PATTERNS[currentLocale()].date) : '';

export const formatDateTime = (value: string | null | undefined): string =>
  value ? dayjs(value).format(PATTERNS[currentLocale()].dateTime) : '';
