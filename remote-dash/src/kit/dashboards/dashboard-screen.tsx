import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { api } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import type { DashboardAnswers, DashboardName, DashboardPeriod } from '@canteiro/shared/domain';
import { ExportButton } from '@canteiro/shared/ui';
import { DashHeader } from '../header/dash-header';
import { useHeaderState } from '../header/header-state';
import type { HeaderUpdate } from '../header/header-state';
import { ScreenState } from '../header/screen-states';
import { HhNote, SHOWS_HH } from './hh-note';
import { NoData } from './no-data';
import { usePrinting } from './print';
import { DataUntil, PrintHeader } from './print-header';
import './print-styles';
import { prefetchDashboard, useDashboard } from './use-dashboard';
import { LiveBanner, useLiveFigures } from './live-figures';

/**
 * Opening a dashboard with a contract and no dates (nor week) would sum the whole contract's
 * history: the screen first asks the server for the contract's default range and writes it
 * into the URL (replacing the entry, so Back leaves the screen). Until that answer the
 * dashboard is not asked for. A user who then clears the dates sees everything: only the
 * first look of a contract is defaulted.
 */
function useDefaultRange(header: ReturnType<typeof useHeaderState>): boolean {
  const { contract, from, to, week } = header.values;
  // The contract whose first look is settled: defaulted, or found without data (then no dates).
  const [settled, setSettled] = useState<number | null>(null);
  const defaulted = useRef<number | null>(null);
  const update = useRef(header.update);
  update.current = header.update;
  const undated = contract !== null && from === '' && to === '' && week === '';
  // Dates the screen wrote itself and the user then cleared: everything, not the default again.
  const waiting = undated && settled !== contract && defaulted.current !== contract;
  const period = useQuery(
    {
      queryKey: ['dashboards', 'period', contract],
      queryFn: ({ signal }) =>
        api.get('dashboards/period', { searchParams: { contract: String(contract) }, signal }).json<DashboardPeriod>(),
      enabled: waiting,
    },
    queryClient,
  );
  // The answer of the contract asked for, once in: never the last contract's range for this one.
  const answered = waiting && !period.isFetching && (period.isSuccess || period.isError);
  const range = answered && period.data?.from && period.data.to ? `${period.data.from}/${period.data.to}` : null;

  useEffect(() => {
    if (!answered || contract === null) return;
    if (range) {
      // Still waiting until the URL carries the range: the dashboard is asked for once, dated.
      const [rangeFrom, rangeTo] = range.split('/') as [string, string];
      defaulted.current = contract;
      update.current({ from: rangeFrom, to: rangeTo }, { replace: true });
      // No default range (none, or the call failed): the dashboard is asked for without dates.
    } else setSettled(contract);
  }, [answered, range, contract]);
  return waiting;
}

/**
 * A dashboard screen (docs/dashboards.md): the Dashboards header (filters in the URL, the range type
 * when the screen has a time axis), the export of its tables (XLSX/CSV, the same filters),
 * then the answer of `GET /api/dashboards/<name>` drawn by `children` — or the states:
 * no contract yet, a refused filter, loading (the previous figures dimmed), the error
 * 'Erro ao buscar os dados' with a retry, nothing for these filters. Beside the title, "Dados
 * até" (the answer's last observation); on paper, the print header instead of the controls.
 */
export function DashboardScreen<Name extends DashboardName>({
  name,
  titleKey,
  bucketed = false,
  isEmpty,
  children,
}: {
  name: Name;
  titleKey: string;
  bucketed?: boolean;
  /** True when the answer has nothing to show: the screen shows dash:noData instead of children. */
  isEmpty(answer: DashboardAnswers[Name]): boolean;
  /**
   * The answer drawn: a function of the answer alone (what else it shows comes through its own
   * hooks). Called again only for a new answer, not while the header's filters change and the
   * next answer is on its way (docs/frontend.md, "A filter change").
   */
  children(answer: DashboardAnswers[Name]): ReactNode;
}) {
  const { t } = useTranslation(['dash', 'kit', 'common']);
  const header = useHeaderState();
  const waiting = useDefaultRange(header);
  const query = waiting ? null : header.query;
  const { answer, status, reload } = useDashboard(name, query);
  const { update: setFilters, queryAfter } = header;
  const contract = header.values.contract;
  // A change's answer is asked for at the change, before the screen draws it (~60 ms earlier);
  // not another contract's, whose first look may wait for its default range first.
  const update: HeaderUpdate = useCallback(
    (change, options) => {
      const sameContract = change.contract === undefined || change.contract === contract;
      const next = waiting || !sameContract ? null : queryAfter(change);
      if (next) prefetchDashboard(name, next);
      setFilters(change, options);
    },
    [name, waiting, contract, queryAfter, setFilters],
  );
  // Reports arriving while the screen is open: said, never drawn until the reader asks.
  const live = useLiveFigures(header.values.contract, answer?.generatedAt ?? null);
  // Listens to the print events from the first dashboard shown (charts redrawn for paper).
  usePrinting();
  const title = t(titleKey);
  const refused = header.values.contract !== null && header.query === null;
  const empty = answer !== null && isEmpty(answer);
  // The same elements while the answer is the same: React leaves the charts as they are.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- children draws the answer alone (above)
  const figures = useMemo(() => (answer === null || empty ? null : children(answer)), [answer, empty]);

  const body = () => {
    if (header.values.contract === null) return <ScreenState state="no-contract" />;
    if (refused) return <ScreenState state="refused" />;
    if (status === 'error') return <ScreenState state="error" onRetry={reload} />;
    if (answer === null)
      return (
        // A status, so it may be named (axe: aria-label is prohibited on a plain div) and is announced.
        <div data-testid="dashboard-loading" role="status" aria-busy="true" aria-label={t('dash:kit.loading')}>
          <Skeleton active paragraph={{ rows: 8 }} title={false} />
        </div>
      );
    const loading = status === 'loading';
    return (
      // The previous figures stay, dimmed, while the new filters' answer is on its way.
      <Spin spinning={loading} delay={150} aria-label={loading ? t('dash:kit.loading') : undefined}>
        <div aria-busy={loading}>
          {empty ? (
            <NoData contract={header.values.contract} update={update} />
          ) : (
            <div data-testid={`dashboard-${name}`}>
              {SHOWS_HH[name] ? <HhNote /> : null}
              {figures}
            </div>
          )}
        </div>
      </Spin>
    );
  };

  return (
    <section data-testid={`screen-${name}`} className="canteiro-dashboard">
      {answer ? <PrintHeader title={title} meta={answer} bucketed={bucketed} /> : null}
      <DashHeader
        title={title}
        note={answer ? <DataUntil last={answer.lastObservation} /> : null}
        values={header.values}
        errors={header.errors}
        update={update}
        bucketed={bucketed}
        actions={
          // Not before the default range is in place: the file has the figures the screen shows.
          query ? (
            // The screen's tables (a sheet each) for the same filters.
            <ExportButton endpoint={`dashboards/${name}`} query={{ filters: query }} plural={title.toLowerCase()} />
          ) : null
        }
      />
      <LiveBanner live={live} />
      {body()}
    </section>
  );
}
