import { useDeferredValue, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { api, navColors, themeTokens } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import { formatFigure } from '@canteiro/shared/domain';
import type { Portfolio, PortfolioContract } from '@canteiro/shared/domain';
import { CLASS_COLOURS, LowConfidenceTag, useLocale } from '../../kit/dashboards';
import { shortDay } from '../../kit/header/header-state';
import { Sparkline } from './sparkline';

/** The columns a reader may sort by, and how each orders two contracts (highest first but the name). */
const SORTS = {
  name: (a: PortfolioContract, b: PortfolioContract) => a.name.localeCompare(b.name, 'pt-BR'),
  valueAdding: (a: PortfolioContract, b: PortfolioContract) => (b.valueAdding ?? -1) - (a.valueAdding ?? -1),
  compliance: (a: PortfolioContract, b: PortfolioContract) => (b.compliance ?? -1) - (a.compliance ?? -1),
  lastObservation: (a: PortfolioContract, b: PortfolioContract) => stamp(b).localeCompare(stamp(a)),
  alerts: (a: PortfolioContract, b: PortfolioContract) => b.alerts.length - a.alerts.length,
} as const;
type SortKey = keyof typeof SORTS;
const stamp = (contract: PortfolioContract) =>
  contract.lastObservation ? `${contract.lastObservation.date} ${contract.lastObservation.time}` : '';

/** The warning colours of an alert: text on its background at 4.5:1 or more, words beside the icon. */
const ALERT = { color: '#8a4b00', background: '#fff4e0', border: '#f0c27a' } as const;

/** Contracts grouped by base and work, in the answer's order (base, work, name). */
function groups(contracts: PortfolioContract[]): { key: string; title: string; contracts: PortfolioContract[] }[] {
  const byWork = new Map<string, { key: string; title: string; contracts: PortfolioContract[] }>();
  for (const contract of contracts) {
    const key = `${contract.base.id}/${contract.work.id}`;
    const group = byWork.get(key) ?? { key, title: `${contract.base.name} › ${contract.work.name}`, contracts: [] };
    group.contracts.push(contract);
    byWork.set(key, group);
  }
  return [...byWork.values()];
}

/** Rows in the first paint: the top of the list at once; the rest follow in a deferred render. */
export const FIRST_ROWS = 40;

type Section = { key: string; title: string; contracts: PortfolioContract[] };

/**
 * The groups' rows, the first {@link FIRST_ROWS} drawn at once and the others in a render React
 * may interrupt (`useDeferredValue`): a thousand contracts do not hold the first paint back.
 */
function Sections({
  sections,
  several,
  row,
}: {
  sections: Section[];
  several: boolean;
  row: (contract: PortfolioContract) => ReactNode;
}) {
  const total = sections.reduce((sum, section) => sum + section.contracts.length, 0);
  const shown = useDeferredValue(total, Math.min(total, FIRST_ROWS));
  let left = shown;
  return sections.map((section) => {
    const contracts = section.contracts.slice(0, Math.max(0, left));
    left -= contracts.length;
    if (contracts.length === 0) return null;
    return (
      <tbody key={section.key} data-testid="portfolio-group">
        {several ? (
          <tr>
            <th
              colSpan={6}
              scope="colgroup"
              style={{ ...cell, textAlign: 'left', fontWeight: 600, background: navColors.hoverBackground }}
            >
              {section.title}
            </th>
          </tr>
        ) : null}
        {contracts.map(row)}
      </tbody>
    );
  });
}

/**
 * The portfolio at /dash (docs/dashboards.md, "Portfolio"): every contract the user may see
 * over the last four weeks — value-adding share and its interval, eight weeks of it, reporting
 * compliance, the last observation, alerts in words — sortable by its column headers, grouped
 * by base and work when there are several; a contract's name opens its project health.
 */
export function PortfolioTable() {
  const { t } = useTranslation('dash');
  const locale = useLocale();
  const { pathname } = useLocation();
  const [sort, setSort] = useState<SortKey>('name');
  const answer = useQuery(
    {
      queryKey: ['dashboards', 'portfolio'],
      queryFn: ({ signal }) => api.get('dashboards/portfolio', { signal }).json<Portfolio>(),
    },
    queryClient,
  );
  const data = answer.data;
  const sections = useMemo(() => {
    if (!data) return [];
    const grouped = groups(data.contracts);
    return grouped.map((group) => ({ ...group, contracts: [...group.contracts].sort(SORTS[sort]) }));
  }, [data, sort]);
  const percent = (value: number | null) => formatFigure(value, 'index', locale);
  const home = pathname.replace(/\/$/, '');

  if (answer.isError)
    return (
      <section data-testid="portfolio-error" style={{ padding: 8 }}>
        <p>{t('dash:portfolio.failed')}</p>
        <Button onClick={() => void answer.refetch()}>{t('dash:portfolio.retry')}</Button>
      </section>
    );
  if (!data)
    return (
      <div aria-busy="true" aria-label={t('dash:kit.loading')} data-testid="portfolio-loading">
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      </div>
    );

  const header = (key: SortKey, label: string, align: 'left' | 'right' = 'left') => (
    <th
      scope="col"
      aria-sort={sort === key ? (key === 'name' ? 'ascending' : 'descending') : 'none'}
      style={{ ...cell, textAlign: align, fontWeight: 600, background: navColors.sidebarBackground }}
    >
      <button
        type="button"
        data-testid={`portfolio-sort-${key}`}
        onClick={() => setSort(key)}
        style={{
          border: 0,
          background: 'transparent',
          font: 'inherit',
          fontWeight: 600,
          cursor: 'pointer',
          padding: 0,
        }}
      >
        {label}
        {sort === key ? <span aria-hidden>{key === 'name' ? ' ▲' : ' ▼'}</span> : null}
      </button>
    </th>
  );
  const several = sections.length > 1;
  const row = (contract: PortfolioContract) => (
    <tr key={contract.id} data-testid="portfolio-row">
      <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
        <Link
          to={`${home}/project-health?contract=${contract.id}`}
          data-testid="portfolio-open"
          style={{ color: themeTokens.colorPrimary, fontWeight: 500 }}
        >
          {contract.name}
        </Link>
      </th>
      <td style={{ ...cell, ...numeric }}>
        {contract.valueAdding === null ? (
          <span style={{ color: themeTokens.colorTextSecondary }}>{t('dash:portfolio.noShare')}</span>
        ) : (
          <span style={{ fontWeight: 600, fontSize: 14 }}>{percent(contract.valueAdding)}</span>
        )}
        {contract.interval ? (
          <div style={{ color: themeTokens.colorTextSecondary, fontSize: 12 }}>
            {t('dash:kit.interval', {
              low: percent(contract.interval.low),
              high: percent(contract.interval.high),
            })}
          </div>
        ) : null}
        {contract.interval?.lowConfidence ? <LowConfidenceTag /> : null}
      </td>
      <td style={cell}>
        <Sparkline
          values={contract.weeks}
          colour={CLASS_COLOURS.valueAdding}
          label={t('dash:portfolio.weeksLabel', {
            values: contract.weeks.map((value) => (value === null ? '—' : percent(value))).join(', '),
          })}
        />
      </td>
      <td style={{ ...cell, ...numeric }}>
        {contract.compliance === null ? (
          <span style={{ color: themeTokens.colorTextSecondary }}>{t('dash:portfolio.noShare')}</span>
        ) : (
          percent(contract.compliance)
        )}
      </td>
      <td style={{ ...cell, whiteSpace: 'nowrap' }}>
        {contract.lastObservation
          ? `${formatFigure(contract.lastObservation.date, 'date', locale)} ${contract.lastObservation.time}`
          : t('dash:portfolio.noObservation')}
      </td>
      <td style={cell} data-testid="portfolio-alerts">
        {contract.alerts.length === 0 ? (
          <span style={{ color: themeTokens.colorTextSecondary }}>{t('dash:portfolio.noAlert')}</span>
        ) : (
          contract.alerts.map((alert) => (
            <Tag
              key={alert}
              icon={<ExclamationCircleOutlined aria-hidden />}
              style={{
                color: ALERT.color,
                background: ALERT.background,
                borderColor: ALERT.border,
                margin: '2px 4px 2px 0',
                whiteSpace: 'normal',
              }}
            >
              {t(`dash:portfolio.alerts.${alert}`)}
            </Tag>
          ))
        )}
      </td>
    </tr>
  );
  return (
    <section data-testid="portfolio" aria-labelledby="portfolio-title" style={{ marginTop: 8 }}>
      <h2 id="portfolio-title" style={{ fontSize: 20, margin: '0 0 4px', fontWeight: 600 }}>
        {t('dash:portfolio.title')}
      </h2>
      <p style={{ margin: '0 0 12px', color: themeTokens.colorTextSecondary, fontSize: 13 }}>
        {t('dash:portfolio.period', {
          from: shortDay(data.from, locale),
          to: shortDay(data.to, locale),
          count: data.contracts.length,
        })}
      </p>
      {data.contracts.length === 0 ? (
        <p data-testid="portfolio-empty">{t('dash:portfolio.none')}</p>
      ) : (
        <div role="region" aria-labelledby="portfolio-title" tabIndex={0} style={{ overflowX: 'auto' }}>
          <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }}>
            <thead>
              <tr>
                {header('name', t('dash:portfolio.columns.contract'))}
                {header('valueAdding', t('dash:portfolio.columns.valueAdding'), 'right')}
                <th scope="col" style={{ ...cell, fontWeight: 600, background: navColors.sidebarBackground }}>
                  {t('dash:portfolio.columns.weeks')}
                </th>
                {header('compliance', t('dash:portfolio.columns.compliance'), 'right')}
                {header('lastObservation', t('dash:portfolio.columns.lastObservation'))}
                {header('alerts', t('dash:portfolio.columns.alerts'))}
              </tr>
            </thead>
            <Sections sections={sections} several={several} row={row} />
          </table>
        </div>
      )}
    </section>
  );
}

const cell = {
  padding: '6px 8px',
  borderBottom: `1px solid ${navColors.border}`,
  verticalAlign: 'middle',
} as const;
const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
