import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { dashboardTable, formatFigure } from '@canteiro/shared/domain';
import type { ProjectHealthDashboard } from '@canteiro/shared/domain';
import { themeTokens } from '@canteiro/shared/core';
import {
  Chart,
  FigureCard,
  FigureGrid,
  Kpi,
  annotationMarks,
  tableCategories,
  tableSeries,
  targetLine,
  useLocale,
} from '../../kit/dashboards';

const COMPLIANCE_COLOUR = themeTokens.colorInfo;

/** The goal as a dashed line at 100 % on a compliance chart (`y` on columns and lines, `x` on horizontal bars). */
const goalLine = (label: string) => ({
  borderColor: themeTokens.colorText,
  strokeDashArray: 4,
  label: {
    text: label,
    borderWidth: 0,
    orientation: 'horizontal',
    style: { background: 'transparent', color: themeTokens.colorText },
  },
});

/** The compliance target on the reporters' horizontal bars: the same dashed line, across at `x`. */
function targetMark(target: number, text: string) {
  const { y: _y, label, ...line } = targetLine(target, text);
  // Written across, left of its line: the goal's "Meta" sits at the right of 100 %.
  return { ...line, x: target, label: { ...label, orientation: 'horizontal', position: 'top', textAnchor: 'end' } };
}

/** The ratio axis: up to the goal and a quarter beyond, or to the best reporter's quarter (no empty 200 %). */
const ratioAxis = (ratios: (number | null)[]) => {
  const max = Math.max(1.25, Math.ceil(Math.max(0, ...ratios.map((ratio) => ratio ?? 0)) * 4) / 4);
  return { min: 0, max, tickAmount: Math.round(max / 0.25) };
};

/**
 * Reporting compliance (DOMAIN.md §3, our addition): walks made over walks expected (the
 * goal in proportion to each reported day's scheduled time inside the filters, × reporters),
 * overall against the goal, by reporter, by day. Expected walks may be fractional: one decimal.
 */
export function Compliance({ answer }: { answer: ProjectHealthDashboard }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const overall = dashboardTable('project-health', answer, 'compliance');
  const reporters = dashboardTable('project-health', answer, 'complianceReporters');
  const days = dashboardTable('project-health', answer, 'complianceDays');
  const { compliance } = answer;
  const goal = t('dash:projectHealth.goal');
  // The contract's compliance target, when set, beside the goal's 100 %.
  const target = answer.targets.compliance;
  const targetWords = target === null ? '' : t('dash:kit.target', { value: formatFigure(target, 'index', locale) });
  const integer = (value: number) => formatFigure(value, 'integer', locale);
  const dayCategories = tableCategories(days, 'date', locale);
  const dayMarks = annotationMarks(
    answer.annotations,
    compliance.days.map((day, index) => ({ from: day.date, to: day.date, category: dayCategories[index]! })),
  );
  return (
    <section aria-labelledby="compliance-title" data-testid="compliance">
      <h2 id="compliance-title" style={{ fontSize: 18, margin: '8px 0 12px', fontWeight: 600 }}>
        {t('figures:tables.compliance')}
      </h2>
      <FigureGrid min={380}>
        <FigureCard table={overall} title={t('dash:projectHealth.complianceOverall')} showTable="open">
          <Kpi
            testId="kpi-compliance"
            colour={COMPLIANCE_COLOUR}
            label={t('figures:columns.ratio')}
            value={formatFigure(compliance.ratio, 'index', locale)}
            sample={t('dash:projectHealth.complianceSample', {
              reports: integer(compliance.reports),
              expected: formatFigure(compliance.expected, 'tenths', locale),
              goal: integer(compliance.goal),
            })}
          />
        </FigureCard>
        <FigureCard table={reporters}>
          <Chart
            type="bar"
            format="index"
            testId="chart-complianceReporters"
            label={t('dash:kit.chartOf', { title: t('figures:tables.complianceReporters') })}
            height={Math.max(160, reporters.rows.length * 34 + 70)}
            series={tableSeries(reporters, ['ratio'], t as TFunction)}
            options={{
              colors: [COMPLIANCE_COLOUR],
              plotOptions: { bar: { horizontal: true, barHeight: '60%' } },
              xaxis: {
                categories: tableCategories(reporters, 'reporter', locale),
                ...ratioAxis(compliance.reporters.map((reporter) => reporter.ratio)),
              },
              annotations: {
                xaxis: [{ x: 1, ...goalLine(goal) }, ...(target === null ? [] : [targetMark(target, targetWords)])],
              },
            }}
          />
        </FigureCard>
      </FigureGrid>
      <FigureCard table={days}>
        <Chart
          type="line"
          format="index"
          testId="chart-complianceDays"
          label={t('dash:kit.chartOf', { title: t('figures:tables.complianceDays') })}
          height={260}
          series={tableSeries(days, ['ratio'], t as TFunction)}
          options={{
            colors: [COMPLIANCE_COLOUR],
            markers: { size: 3 },
            xaxis: { categories: dayCategories, tickAmount: 12 },
            yaxis: { min: 0 },
            annotations: {
              xaxis: dayMarks,
              yaxis: [{ y: 1, ...goalLine(goal) }, ...(target === null ? [] : [targetLine(target, targetWords)])],
            },
          }}
        />
      </FigureCard>
    </section>
  );
}
