import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { dashboardTable, formatFigure } from '@canteiro/shared/domain';
import type { ByFunctionDashboard } from '@canteiro/shared/domain';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { Kpi } from '../../kit/dashboards/kpi';
import { useLocale } from '../../kit/dashboards/use-locale';
import { FunctionsRank } from './functions-rank';
import { OccurrencesPareto } from './occurrences-pareto';
import { ValueAddingApart } from './value-adding-apart';

/** Four figures a row from 992 px (antd's lg): 1064 and 1440 px alike. */
const KPI_SPAN = { xs: 12, lg: 6 } as const;

/**
 * The "By function" dashboard (spec §2, DOMAIN.md §3) from one answer: the headline figures
 * (total HH, average people per local, people reported, registers with the sample), the top
 * occurrences as a Pareto and the functions ranked — every figure from the answer's tables,
 * the same the export writes.
 */
export function ByFunctionView({ answer }: { answer: ByFunctionDashboard }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const summary = dashboardTable('by-function', answer, 'summary');
  const row = summary.rows[0] ?? {};
  const write = (key: keyof typeof row, format: Parameters<typeof formatFigure>[1]) =>
    formatFigure(row[key], format, locale);
  const sample = t('dash:byFunction.sample', {
    count: answer.totals.workers,
    value: formatFigure(answer.totals.workers, 'integer', locale),
  });
  const lowConfidence = row.lowConfidence === true;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <FigureCard table={summary}>
          <Row gutter={[12, 12]} role="list" aria-label={t('dash:byFunction.kpis')}>
            <Col {...KPI_SPAN} role="listitem">
              <Kpi
                label={t('figures:columns.totalHh')}
                value={write('totalHh', 'hh')}
                sample={t('dash:byFunction.hhHint')}
                testId="kpi-totalHh"
              />
            </Col>
            <Col {...KPI_SPAN} role="listitem">
              <Kpi
                label={t('figures:columns.averagePeoplePerLocal')}
                value={write('averagePeoplePerLocal', 'decimal')}
                sample={t('dash:byFunction.averageHint')}
                testId="kpi-averagePeoplePerLocal"
              />
            </Col>
            <Col {...KPI_SPAN} role="listitem">
              <Kpi
                label={t('figures:columns.totalPeople')}
                value={write('totalPeople', 'integer')}
                sample={t('dash:byFunction.peopleHint')}
                testId="kpi-totalPeople"
              />
            </Col>
            <Col {...KPI_SPAN} role="listitem">
              <Kpi
                label={t('figures:columns.registers')}
                value={write('registers', 'integer')}
                sample={sample}
                lowConfidence={lowConfidence}
                testId="kpi-registers"
              />
            </Col>
          </Row>
        </FigureCard>
      </Col>
      <Col span={24}>
        <OccurrencesPareto
          table={dashboardTable('by-function', answer, 'topOccurrences')}
          apart={<ValueAddingApart answer={answer} />}
        />
      </Col>
      <Col span={24}>
        <FigureCard table={dashboardTable('by-function', answer, 'valueAddingOccurrences')} showTable="open" />
      </Col>
      <Col span={24}>
        <FunctionsRank table={dashboardTable('by-function', answer, 'functions')} items={answer.functions} />
      </Col>
    </Row>
  );
}
