import { InfoCircleOutlined } from '@ant-design/icons';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';
import { dashboardTable, formatFigure } from '@canteiro/shared/domain';
import type { EquipmentDashboard } from '@canteiro/shared/domain';
import { CLASS_COLOURS } from '../../kit/dashboards/class-colours';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { Kpi } from '../../kit/dashboards/kpi';
import { useLocale } from '../../kit/dashboards/use-locale';
import { EquipmentUtilization, TopCompanies, companyTables } from './equipment-utilization';
import { UtilizationByPeriod } from './utilization-by-period';

/**
 * The Equipment dashboard (spec §2 and §9) from one answer: the overall utilization, the
 * observations, utilization per machine and the top 5 companies by occurrences, or per machine. Function and occurrence filters do not
 * apply to equipment rows (docs/reports.md): when one is set, a note says the figures ignore it.
 */
export function EquipmentView({ answer }: { answer: EquipmentDashboard }) {
  const { t } = useTranslation(['dash', 'figures', 'fields']);
  const locale = useLocale();
  const equipment = dashboardTable('equipment', answer, 'equipment');
  const summary = dashboardTable('equipment', answer, 'summary');
  const row = summary.rows[0] ?? {};
  const ignored = answer.filters.function !== undefined || answer.filters.occurrence !== undefined;
  return (
    <Row gutter={[16, 16]}>
      {ignored ? (
        <Col span={24}>
          <Typography.Paragraph
            data-testid="equipment-filters-ignored"
            style={{ margin: 0, fontSize: 13, color: themeTokens.colorTextSecondary }}
          >
            <InfoCircleOutlined aria-hidden style={{ marginRight: 6 }} />
            {t('dash:equipment.filtersIgnored')}
          </Typography.Paragraph>
        </Col>
      ) : null}
      <Col span={24}>
        <FigureCard table={summary}>
          <Row gutter={[12, 12]} role="list" aria-label={t('dash:byFunction.kpis')}>
            <Col span={8} role="listitem">
              <Kpi
                label={t('dash:equipment.overallUtilization')}
                value={formatFigure(row.utilization, 'index', locale)}
                sample={t('dash:equipment.utilizationHint', {
                  working: formatFigure(row.working, 'integer', locale),
                  all: formatFigure(row.observations, 'integer', locale),
                })}
                lowConfidence={row.lowConfidence === true}
                colour={CLASS_COLOURS.valueAdding}
                testId="kpi-utilization"
              />
            </Col>
            <Col span={8} role="listitem">
              <Kpi
                label={t('figures:columns.observations')}
                value={formatFigure(row.observations, 'integer', locale)}
                testId="kpi-observations"
              />
            </Col>
            <Col span={8} role="listitem">
              <Kpi
                label={t('dash:equipment.machines')}
                value={formatFigure(row.machines, 'integer', locale)}
                testId="kpi-machines"
              />
            </Col>
          </Row>
        </FigureCard>
      </Col>
      {/* The whole row: its table (eight columns, open) did not fit beside the companies at 1440 px. */}
      <Col span={24}>
        <EquipmentUtilization table={equipment} />
      </Col>
      <Col span={24}>
        <UtilizationByPeriod answer={answer} table={dashboardTable('equipment', answer, 'utilizationByPeriod')} />
      </Col>
      <Col span={24}>
        <TopCompanies tables={companyTables((key) => dashboardTable('equipment', answer, key))} />
      </Col>
    </Row>
  );
}
