import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';
import type { DashboardName } from '@canteiro/shared/domain';

/**
 * The dashboards whose figures are in HH: each says once what HH is. Every dashboard is listed,
 * so a new one decides (equipment counts observations of machines, not people's hours).
 */
export const SHOWS_HH: Record<DashboardName, boolean> = {
  'project-health': true,
  'by-function': true,
  routine: true,
  equipment: false,
  performance: true,
};

/**
 * "HH = man-hours: one person working for one hour." — the trade's abbreviation explained once
 * on each screen that uses it (pt-BR's "homem-hora" too), the abbreviation itself an `abbr`.
 */
export function HhNote() {
  const { t } = useTranslation('dash');
  return (
    <Typography.Paragraph
      data-testid="hh-note"
      style={{ fontSize: 12, margin: '0 0 12px', color: themeTokens.colorTextSecondary }}
    >
      <abbr title={t('kit.hhWords')}>HH</abbr> = {t('kit.hhExplained')}
    </Typography.Paragraph>
  );
}
