import { InfoCircleOutlined } from '@ant-design/icons';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';
import { dashboardTable, formatFigure } from '@canteiro/shared/domain';
import type { EquipmentDashboard } from '@canteiro/shared/domain';
import { Kpi } from '../../kit/dashboards/kpi';
import { useLocale } from '../../kit/dashboards/use-locale';
import { EquipmentUtilization, TopCompanies } from './equipment-utilization';

/**
 * The Equipment dashboard (spec §2 and §9) from one answer: the observations, utilization per
 * machine and the top 5 companies by occurrences. Function and occurrence filters do not
 * apply to equipment rows (docs/reports.md): when one is set, a note says the figures ignore it.
 */
export function EquipmentView({ answer }: { answer: EquipmentDashboard }) {
  const { t } = useTranslation(['dash', 'figures', 'fields']);
  const locale = useLocale();
  const equipment = dashboardTable('equipment', answer, 'equipment');
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
      <Col span={12}>
        <Kpi
          label={t('figures:columns.observations')}
          value={formatFigure(answer.observations, 'integer', locale)}
          testId="kpi-observations"
        />
      </Col>
      <Col span={12}>
        <Kpi
          label={t('dash:equipment.machines')}
          value={formatFigure(equipment.rows.length, 'integer', locale)}
          testId="kpi-machines"
        />
      </Col>
      {/* The whole row: its table (eight columns, open) did not fit beside the companies at 1440 px. */}
      <Col span={24}>
        <EquipmentUtilization table={equipment} />
      </Col>
      <Col span={24}>
        <TopCompanies table={dashboardTable('equipment', answer, 'topCompanies')} />
      </Col>
    </Row>
  );
}
