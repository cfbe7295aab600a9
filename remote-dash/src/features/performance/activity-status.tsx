import type { ApexOptions } from 'apexcharts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { activityStatusColors, themeTokens } from '@canteiro/shared/core';
import { formatFigure } from '@canteiro/shared/domain';
import type { FigureTable } from '@canteiro/shared/domain';
import { Chart } from '../../kit/dashboards/chart';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { tableCategories, tableSeries } from '../../kit/dashboards/series';
import { useLocale } from '../../kit/dashboards/use-locale';
import { Kpi } from '../../kit/dashboards/kpi';

/** The status tags' tones (finished green, late red, in term blue), as the activity lists show them. */
const STATUS_COLOURS: Record<string, string> = {
  finished: activityStatusColors.finished.color,
  late: activityStatusColors.late.color,
  inTerm: activityStatusColors.in_term.color,
};
const DONUT_HEIGHT = 220;

/**
 * The activities' status counts (DOMAIN.md §3: finished, late, in term): three figures and a
 * small donut of the same `activityStatus` table. They are the contract's active activities
 * today, under the catalogue filters only — the dates do not change them, and the card says so.
 */
export function ActivityStatus({ table }: { table: FigureTable }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const labels = tableCategories(table, 'status', locale);
  const counts = tableSeries(table, ['count'], t)[0]!.data;
  const colours = table.rows.map((row) => STATUS_COLOURS[String(row.status)] ?? themeTokens.colorTextSecondary);
  const any = counts.some((count) => (count ?? 0) > 0);
  const options: ApexOptions = {
    labels,
    colors: colours,
    legend: { position: 'right' },
    plotOptions: { pie: { donut: { size: '58%' } } },
  };
  return (
    <FigureCard table={table}>
      <Row gutter={[12, 12]} align="middle">
        <Col xs={24} lg={14}>
          <Row gutter={[12, 12]} role="list" aria-label={t('figures:tables.activityStatus')}>
            {table.rows.map((row, index) => (
              <Col span={8} key={String(row.id)} role="listitem">
                <Kpi
                  label={labels[index] ?? ''}
                  value={formatFigure(row.count, 'integer', locale)}
                  colour={colours[index]}
                  testId={`kpi-${String(row.status)}`}
                />
              </Col>
            ))}
          </Row>
          <p style={{ fontSize: 12, color: themeTokens.colorTextSecondary, margin: '8px 0 0' }}>
            {t('dash:performance.statusHint')}
          </p>
        </Col>
        <Col xs={24} lg={10}>
          {any ? (
            <Chart
              type="donut"
              series={counts.map((count) => count ?? 0)}
              options={options}
              format="integer"
              height={DONUT_HEIGHT}
              label={t('dash:performance.statusLabel')}
              testId="chart-activityStatus"
            />
          ) : null}
        </Col>
      </Row>
    </FigureCard>
  );
}
