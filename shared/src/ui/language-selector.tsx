import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale, setLanguage } from '@canteiro/shared/core';
import type { Locale } from '@canteiro/shared/domain';
import { LANGUAGE_OPTIONS, LANGUAGE_SELECTOR_LABEL } from './languages.js';

export function LanguageSelector({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  useTranslation(); // re-renders when the language changes
  const value = currentLocale();
  return (
    <Select<Locale>
      aria-label={LANGUAGE_SELECTOR_LABEL}
      data-testid="language-selector"
      size={size}
      value={value}
      onChange={(locale) => void setLanguage(locale)}
      popupMatchSelectWidth={false}
      style={{ minWidth: 150 }}
      options={LANGUAGE_OPTIONS.map((option) => ({
        value: option.value,
        label: (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <img
              src={option.flag}
              alt=""
              width={20}
              height={14}
              style={{ borderRadius: 2, boxShadow: '0 0 0 1px #0001' }}
            />
            {option.label}
          </span>
        ),
      }))}
    />
  );
}
