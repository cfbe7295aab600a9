import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale.js';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import 'dayjs/locale/pt-br.js';
import 'dayjs/locale/en.js';
import {
  DEFAULT_LOCALE,
  LOCALES,
  STORAGE_KEYS,
  commonMessages,
  fieldMessages,
  figureMessages,
  listMessages,
} from '@canteiro/shared/domain';
import type { Locale } from '@canteiro/shared/domain';

/** One i18next instance for the page (the core entry is a federation singleton). */
export const i18n = i18next.createInstance();

const DAYJS_LOCALE: Record<Locale, string> = { 'pt-BR': 'pt-br', 'en-US': 'en' };

dayjs.extend(updateLocale);
dayjs.extend(isoWeek);
// Date pickers and week buckets start on Monday in both languages (spec §9).
dayjs.updateLocale('pt-br', { weekStart: 1 });
dayjs.updateLocale('en', { weekStart: 1 });

function storedLocale(): Locale {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.language);
    return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

void i18n.use(initReactI18next).init({
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  ns: ['common', 'lists', 'fields', 'figures'],
  resources: {
    'pt-BR': {
      common: commonMessages['pt-BR'],
      lists: listMessages['pt-BR'],
      fields: fieldMessages['pt-BR'],
      figures: figureMessages['pt-BR'],
    },
    'en-US': {
      common: commonMessages['en-US'],
      lists: listMessages['en-US'],
      fields: fieldMessages['en-US'],
      figures: figureMessages['en-US'],
    },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});
dayjs.locale(DAYJS_LOCALE[i18n.language as Locale] ?? 'pt-br');
syncDocumentLanguage();

function syncDocumentLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
}

export function currentLocale(): Locale {
  return (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : DEFAULT_LOCALE;
}

/** How each language writes a date (dayjs patterns): lists, exports shown on screen and date pickers. */
export const DATE_PATTERNS: Record<Locale, { date: string; dateTime: string }> = {
  'pt-BR': { date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY HH:mm' },
  'en-US': { date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY HH:mm' },
};

/** A date (`YYYY-MM-DD` or ISO 8601) as the user's language writes it; empty for none. */
export const formatDate = (value: string | null | undefined): string =>
  value ? dayjs(value).format(DATE_PATTERNS[currentLocale()].date) : '';

export const formatDateTime = (value: string | null | undefined): string =>
  value ? dayjs(value).format(DATE_PATTERNS[currentLocale()].dateTime) : '';

/** Changes the language, stores it under the language key and moves dayjs along. */
export async function setLanguage(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  dayjs.locale(DAYJS_LOCALE[locale]);
  await i18n.changeLanguage(locale);
  syncDocumentLanguage();
}

/** A module adds its own namespace, in both languages, when it is loaded. */
export function addTranslations(namespace: string, resources: Record<Locale, object>): void {
  for (const locale of LOCALES) {
    if (!i18n.hasResourceBundle(locale, namespace)) {
      i18n.addResourceBundle(locale, namespace, resources[locale], true, false);
    }
  }
}
