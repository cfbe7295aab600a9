import { useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';
import type { Locale } from '@canteiro/shared/domain';

const ANTD_LOCALES: Record<Locale, NonNullable<ConfigProviderProps['locale']>> = { 'pt-BR': ptBR, 'en-US': enUS };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotionQuery = (): MediaQueryList | undefined =>
  typeof window === 'undefined' ? undefined : window.matchMedia?.(REDUCED_MOTION);

/** Whether the person asks their system for less motion, now (WCAG 2.3.3). */
const prefersReducedMotion = (): boolean => reducedMotionQuery()?.matches === true;

/** Whether the person asked their system for less motion; follows the setting as it changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = reducedMotionQuery();
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    prefersReducedMotion,
    () => false,
  );
}

/**
 * Every app (host and modules) wraps its screens in this: its own antd ConfigProvider fed
 * by the shared theme tokens and the current language, so all of them look and read alike.
 * antd's motion (dialogs, menus, selects, the click ripple) is off for a person whose system
 * asks for reduced motion (WCAG 2.3.3); the dashboards' charts never move.
 */
export function ModuleProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = ANTD_LOCALES[i18n.language as Locale] ?? ptBR;
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ token: { ...themeTokens, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
