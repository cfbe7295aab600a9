import { useState } from 'react';
import type { ApexOptions } from 'apexcharts';
import { ViewSwitch } from '../../kit/dashboards/view-switch';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';
import { CONFIDENCE_SAMPLE, formatFigure } from '@canteiro/shared/domain';
import type { FigureTable, FigureTableKey } from '@canteiro/shared/domain';
import { Chart } from '../../kit/dashboards/chart';
import { CLASS_COLOURS } from '../../kit/dashboards/class-colours';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { LowConfidenceTag } from '../../kit/dashboards/figure-table';
import { stackedLabels, tableCategories, tableSeries } from '../../kit/dashboards/series';
import { useLocale } from '../../kit/dashboards/use-locale';
import { useDrillDown, useOpenRows } from '../../kit/dashboards/drill-down';

/** Working, idle, down: the tones of value-adding, hidden and evident waste (as the equipment report's tags). */
const STATES = ['working', 'idle', 'down'] as const;
const COLOURS = [CLASS_COLOURS.valueAdding, CLASS_COLOURS.hiddenWaste, CLASS_COLOURS.evidentWaste];
const ROW_HEIGHT = 30;
const AXES_HEIGHT = 90;

/**
 * Utilization per equipment (DOMAIN.md §3): one bar per machine, in the server's order
 * (utilization, highest first), its working, idle and down observations stacked to 100 % so
 * the green part is its utilization; the counts, the company and the sample in the tooltip
 * and in the table under it.
 */
export function EquipmentUtilization({ table }: { table: FigureTable }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const drill = useDrillDown();
  const openRows = useOpenRows();
  const names = tableCategories(table, 'name', locale);
  const series = tableSeries(table, STATES, t);
  // Machines whose utilization rests on fewer than 385 observations: said under the chart, marked in the table.
  const low = table.rows.filter((row) => row.lowConfidence === true).length;
  const titleOf = (index: number) => {
    const row = table.rows[index];
    if (!row) return '';
    const parts = [
      `${names[index] ?? ''} (${formatFigure(row.company, 'text', locale)})`,
      `${t('figures:columns.utilization')} ${formatFigure(row.utilization, 'index', locale)}`,
      t('dash:equipment.observationsOf', {
        count: Number(row.observations ?? 0),
        value: formatFigure(row.observations, 'integer', locale),
      }),
    ];
    if (row.lowConfidence === true) parts.push(t('dash:kit.lowConfidence'));
    return parts.join(' · ');
  };
  const options: ApexOptions = {
    chart: { stacked: true, stackType: '100%' },
    colors: COLOURS,
    // Each segment's count of observations; none on a thin one.
    dataLabels: stackedLabels(locale, 'integer'),
    plotOptions: { bar: { horizontal: true, barHeight: '70%' } },
    xaxis: {
      categories: names,
      tickAmount: 5,
      labels: { formatter: (value: string) => formatFigure(Number(value) / 100, 'index', locale) },
    },
    // Longer names than the kit's 160 px: the bars are shares, they need less room.
    yaxis: { labels: { maxWidth: 180 } },
    tooltip: {
      shared: true,
      intersect: false,
      x: {
        formatter: (_value: number, context?: { dataPointIndex: number }) => titleOf(context?.dataPointIndex ?? -1),
      },
      y: { formatter: (value: number) => (typeof value === 'number' ? formatFigure(value, 'integer', locale) : '') },
    },
  };
  return (
    // The table open: the machines' whole names, companies and counts, the axis cuts the names.
    <FigureCard
      table={table}
      showTable="open"
      rowHref={(row) => (row.id === undefined ? null : drill('equipment', { equipment: String(row.id) }))}
    >
      <Chart
        type="bar"
        series={series}
        options={options}
        format="integer"
        height={Math.max(200, AXES_HEIGHT + table.rows.length * ROW_HEIGHT)}
        label={t('dash:equipment.utilizationLabel')}
        testId="chart-equipment"
        // A machine's working, idle or down part opens those equipment rows.
        onOpen={({ series: state, index }) => {
          const id = table.rows[index]?.id;
          const classification = STATES[state];
          openRows('equipment', id !== undefined && classification && { equipment: String(id), classification });
        }}
      />
      {low > 0 ? (
        <p
          data-testid="equipment-low-sample"
          style={{ fontSize: 12, margin: '4px 0 0', color: themeTokens.colorTextSecondary }}
        >
          <LowConfidenceTag equipment />{' '}
          {t('dash:equipment.lowSample', {
            low: formatFigure(low, 'integer', locale),
            all: formatFigure(table.rows.length, 'integer', locale),
            sample: formatFigure(CONFIDENCE_SAMPLE, 'integer', locale),
          })}
        </p>
      ) : null}
    </FigureCard>
  );
}

/** How the companies are ranked: by their idle + down observations, or by those per machine rented. */
type CompanyRank = 'occurrences' | 'perMachine';
const COMPANY_TABLES: Record<CompanyRank, 'topCompanies' | 'topCompaniesPerMachine'> = {
  occurrences: 'topCompanies',
  perMachine: 'topCompaniesPerMachine',
};

/**
 * The five companies with most idle + down observations (spec §9), most first, as the server
 * sends them; or, switched, the five with most per machine observed (a company renting two
 * machines would lead by count alone).
 */
export function TopCompanies({ tables }: { tables: Record<CompanyRank, FigureTable> }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const [rank, setRank] = useState<CompanyRank>('occurrences');
  const table = tables[rank];
  const names = tableCategories(table, 'company', locale);
  const series = tableSeries(table, [rank], t);
  const format = rank === 'occurrences' ? 'integer' : 'decimal';
  const options: ApexOptions = {
    colors: [CLASS_COLOURS.evidentWaste],
    legend: { show: false },
    plotOptions: { bar: { horizontal: true, barHeight: '60%' } },
    xaxis: {
      categories: names,
      labels: { formatter: (value: string) => formatFigure(Number(value), format, locale) },
    },
    // A company's whole name: five bars leave the room.
    yaxis: { labels: { maxWidth: 200 } },
    tooltip: {
      x: {
        formatter: (_value: number, context?: { dataPointIndex: number }) => {
          const row = table.rows[context?.dataPointIndex ?? -1];
          return row
            ? `${String(row.company)} · ${t('dash:equipment.machinesOf', {
                count: Number(row.machines ?? 0),
                value: formatFigure(row.machines, 'integer', locale),
              })}`
            : '';
        },
      },
    },
  };
  return (
    <FigureCard
      table={table}
      extra={
        <ViewSwitch<CompanyRank>
          label={t('dash:kit.rankBy')}
          testId="companies-rank"
          value={rank}
          onChange={setRank}
          options={(Object.keys(COMPANY_TABLES) as CompanyRank[]).map((value) => ({
            value,
            label: t(`dash:equipment.rank.${value}`),
          }))}
        />
      }
    >
      <Chart
        type="bar"
        series={series}
        options={options}
        format={format}
        height={Math.max(200, AXES_HEIGHT + table.rows.length * 36)}
        label={t(rank === 'occurrences' ? 'dash:equipment.companiesLabel' : 'dash:equipment.companiesPerMachineLabel')}
        testId="chart-topCompanies"
      />
      <p style={{ fontSize: 12, margin: '4px 0 0', color: themeTokens.colorTextSecondary }}>
        {t('dash:equipment.occurrencesHint')}
      </p>
    </FigureCard>
  );
}

/** The two ranks of companies of an answer's tables, by how they are ranked. */
export const companyTables = (table: (key: FigureTableKey) => FigureTable): Record<CompanyRank, FigureTable> => ({
  occurrences: table(COMPANY_TABLES.occurrences),
  perMachine: table(COMPANY_TABLES.perMachine),
});
