import { useTranslation } from 'react-i18next';
import { currentLocale } from '@canteiro/shared/core';
import type { Locale } from '@canteiro/shared/domain';

/** The language figures are written in; the component re-renders when the user switches it. */
export function useLocale(): Locale {
  // useTranslation subscribes the component to the language switch.
  useTranslation();
  return currentLocale();
}
