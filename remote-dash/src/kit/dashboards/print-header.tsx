import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { api, themeTokens } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import { FILTER_DIMENSIONS, filterWords } from '@canteiro/shared/domain';
import { resourceApi, resourceKeys } from '@canteiro/shared/ui';
import type { Option } from '@canteiro/shared/ui';
import { optionsOf } from '../header/dash-header';
import type { DashboardMeta, FilterDimension, LastObservation, Locale } from '@canteiro/shared/domain';
import { useLocale } from './use-locale';

/**
 * "Dados até 25/11 16:37" ("Data up to 11/25 4:37 PM"): the last observation under the
 * filters, as the site's clock wrote it (the server's local date and minute, never converted
 * to the browser's zone); null without one.
 */
export function dataUntilText(last: LastObservation, locale: Locale, t: TFunction): string | null {
  if (!last) return null;
  const [, month, day] = last.date.split('-');
  const [hour, minute] = last.time.split(':').map(Number) as [number, number];
  const clock = String(minute).padStart(2, '0');
  const when =
    locale === 'en-US'
      ? `${month}/${day} ${hour % 12 || 12}:${clock} ${hour < 12 ? 'AM' : 'PM'}`
      : `${day}/${month} ${last.time}`;
  return t('dash:kit.dataUntil', { when });
}

/** The answer's "Dados até", small beside the dashboard's title. */
export function DataUntil({ last }: { last: LastObservation }) {
  const { t } = useTranslation('dash');
  const text = dataUntilText(last, useLocale(), t as TFunction);
  if (!text) return null;
  return (
    // The header's label colour (4.5:1 on white), not antd's lighter "secondary" text.
    <span data-testid="data-until" style={{ fontSize: 13, color: themeTokens.colorTextSecondary }}>
      {text}
    </span>
  );
}

type Named = 'contract' | FilterDimension;
type ContractRecord = { name: string; workName?: string | null; baseName?: string | null };

/**
 * The names of the contract (with its work and base: `GET /api/contracts/:id`, which every
 * back-office level reads within its scope) and of each dimension filter, from the options
 * lists the header's selects load (the same queries: no request of their own, and never a
 * record the user may not read — a 403 ends the session); `#id` until known.
 */
function useFilterNames(filters: DashboardMeta['filters']): (filter: Named, id: number) => string {
  const dimensions = FILTER_DIMENSIONS.filter((dimension) => filters[dimension] !== undefined);
  const answers = useQueries(
    {
      queries: [
        {
          queryKey: resourceKeys.one('contracts', filters.contract),
          queryFn: ({ signal }: { signal: AbortSignal }) =>
            api.get(`contracts/${filters.contract}`, { signal }).json<ContractRecord>(),
          staleTime: 60_000,
        },
        ...dimensions.map((dimension) => {
          const { endpoint, params } = optionsOf(dimension, filters.contract);
          return {
            queryKey: resourceKeys.options(endpoint, JSON.parse(JSON.stringify(params)) as Record<string, unknown>),
            queryFn: ({ signal }: { signal: AbortSignal }) => resourceApi(endpoint).options(params, signal),
          };
        }),
      ],
    },
    queryClient,
  );
  const names = new Map<Named, string>();
  const contract = answers[0]?.data as ContractRecord | undefined;
  if (contract?.name) {
    const within = [contract.workName, contract.baseName].filter(Boolean).join(' · ');
    names.set('contract', within ? `${contract.name} (${within})` : contract.name);
  }
  dimensions.forEach((dimension, index) => {
    const options = answers[index + 1]?.data as Option[] | undefined;
    const found = options?.find((option) => option.id === filters[dimension]);
    if (found) names.set(dimension, found.name);
  });
  return (filter, id) => names.get(filter) ?? `#${id}`;
}

/**
 * The header of a printed dashboard (docs/frontend.md, "Printing"), hidden on the screen: the
 * title, the contract with its work and base, the filters the answer was computed for in
 * words (the export's lines: filterWords) and "Dados até".
 */
export function PrintHeader({
  title,
  meta,
  bucketed,
}: {
  title: string;
  meta: DashboardMeta;
  /** The screen has a time axis: its range type is a filter too. */
  bucketed: boolean;
}) {
  const { t } = useTranslation('dash');
  const locale = useLocale();
  const name = useFilterNames(meta.filters);
  const [contract, ...lines] = filterWords(meta.filters, locale, { name, range: bucketed });
  const until = dataUntilText(meta.lastObservation, locale, t as TFunction);
  return (
    <div
      className="canteiro-print-only"
      data-testid="print-header"
      style={{ borderBottom: `2px solid ${themeTokens.colorPrimary}`, paddingBottom: 6, marginBottom: 12 }}
    >
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 16 }}>
        <div style={{ fontSize: 20, fontWeight: 600, marginRight: 'auto' }}>{title}</div>
        {until ? <div style={{ fontSize: 13, fontWeight: 600 }}>{until}</div> : null}
      </div>
      <div style={{ fontSize: 13 }}>{contract ? `${contract[0]}: ${contract[1]}` : null}</div>
      <div style={{ fontSize: 12, color: themeTokens.colorTextSecondary }}>
        {lines.map(([label, value]) => `${label}: ${value}`).join(' · ')}
      </div>
    </div>
  );
}
