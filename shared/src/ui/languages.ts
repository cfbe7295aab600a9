import type { Locale } from '@canteiro/shared/domain';
import flagBr from './assets/flag-br.svg';
import flagUs from './assets/flag-us.svg';

/** A language option (spec §3): the locale code and its flag image. */
export interface LanguageOption {
  value: Locale;
  flag: string;
  label: string;
}
export const LANGUAGE_OPTIONS: LanguageOption[] = [
  { value: 'pt-BR', flag: flagBr, label: 'Português' },
  { value: 'en-US', flag: flagUs, label: 'English' },
];

/** The language selector's name, in both languages: whoever opens it may not read the current one. */
export const LANGUAGE_SELECTOR_LABEL = 'Idioma / Language';
