import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';
import type { Locale } from '@canteiro/shared/domain';

const ANTD_LOCALES: Record<Locale, NonNullable<ConfigProviderProps['locale']>> = { 'pt-BR': ptBR, 'en-US': enUS };

/**
 * Every app (host and modules) wraps its screens in this: its own antd ConfigProvider fed
 * by the shared theme tokens and the current language, so all of them look and read alike.
 */
export function ModuleProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = ANTD_LOCALES[i18n.language as Locale] ?? ptBR;
  return (
    <ConfigProvider locale={locale} theme={{ token: themeTokens }}>
      {children}
    </ConfigProvider>
  );
}
