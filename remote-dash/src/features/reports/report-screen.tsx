import { useRef, useState } from 'react';
import { CloseCircleFilled, ProfileOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import { DEFAULT_PAGE_SIZE, formatFigure } from '@canteiro/shared/domain';
import type { ReportSums } from '@canteiro/shared/domain';
import {
  ColumnChooser,
  DetailDrawer,
  ExportButton,
  Pager,
  ResourceTable,
  useColumnChoice,
  useListController,
} from '@canteiro/shared/ui';
import type { ColumnDefinition, ListItem, ListTableDefinition } from '@canteiro/shared/ui';
import { DashHeader } from '../../kit/header/dash-header';
import { ScreenState } from '../../kit/header/screen-states';
import { useHeaderState } from '../../kit/header/header-state';
import { useLocale } from '../../kit/dashboards/use-locale';

/** One report list (docs/reports.md): its API path, title and columns. */
export interface ReportDefinition<Item extends ListItem> {
  /** `reports/activity`: the list is GET /api/<endpoint>, the file GET /api/<endpoint>/export. */
  endpoint: string;
  /** The title (h1) and the list's name, `ns:key`. */
  titleKey: string;
  columns: ColumnDefinition<Item>[];
  /** Every field of a row, labelled, in its detail drawer (spec §3: id, notes and report info included). */
  detail: ColumnDefinition<Item>[];
  /** A row in a few words (its day, hour and activity): the detail button's name and the drawer's title. */
  describe: (item: Item) => string;
}

/**
 * What the rows listed add up to, over the table (docs/reports.md): the records, and for
 * activity rows the observations and their HH — a chart's figure opened here reads the same.
 */
function ReportSumsLine({ endpoint, params }: { endpoint: string; params: Record<string, string> }) {
  const { t } = useTranslation('dash');
  const locale = useLocale();
  const { data } = useQuery(
    {
      queryKey: ['report-sums', endpoint, params],
      queryFn: ({ signal }) => api.get(`${endpoint}/sums`, { searchParams: params, signal }).json<ReportSums>(),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  if (!data) return null;
  const parts = [t('dash:sums.rows', { count: data.rows, formatted: formatFigure(data.rows, 'integer', locale) })];
  if (data.workers !== null)
    parts.push(t('dash:sums.workers', { value: formatFigure(data.workers, 'integer', locale) }));
  if (data.hh !== null) parts.push(t('dash:sums.hh', { value: formatFigure(data.hh, 'hh', locale) }));
  return (
    <p data-testid="report-sums" aria-live="polite" style={{ margin: '0 0 8px', fontWeight: 600 }}>
      {parts.join(' · ')}
    </p>
  );
}

/** The one button of a report row: it opens the row's detail. */
const DETAIL_COLUMN_WIDTH = 110;

/**
 * A report screen (docs/reports.md): the Dashboards header, then the rows the filters select —
 * search, sortable headers, 'x of y' pages (the kit's list controller), the kit's read-only table
 * with its column chooser, each row's every field in a drawer — and the export of every matching
 * row with the same filters. Nothing is asked while no contract is chosen
 * or a filter is refused (its message is beside its field).
 */
export function ReportScreen<Item extends ListItem>({ report }: { report: ReportDefinition<Item> }) {
  const { t } = useTranslation(['dash', 'kit', 'common', 'fields', 'lists']);
  const sortKeys = report.columns.flatMap((column) => (column.sortKey ? [column.sortKey] : []));
  const header = useHeaderState(sortKeys);
  const { list, updateList, query: filters } = header;
  const title = t(report.titleKey);
  const controller = useListController<Item>({
    endpoint: report.endpoint,
    state: list,
    update: updateList,
    filters: filters ?? {},
    enabled: filters !== null,
  });
  const { query, status, reload } = controller;
  const listRef = useRef<HTMLDivElement>(null);
  const columnChoice = useColumnChoice(report.endpoint, report.columns);
  // The row shown in the drawer (kept while it closes) and what takes focus back: the row's button.
  const [detail, setDetail] = useState<{ item: Item; opener: HTMLElement | null } | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const openDetail = (item: Item, opener: HTMLElement | null) => {
    setDetail({ item, opener });
    setDetailOpen(true);
  };
  const detailButton = (item: Item) => (
    <Button
      size="small"
      type="link"
      icon={<ProfileOutlined aria-hidden />}
      aria-label={t('kit:detailsOf', { name: report.describe(item) })}
      data-detail-button
      onClick={(event) => openDetail(item, event.currentTarget)}
    >
      {t('kit:details')}
    </Button>
  );
  // What the kit's table reads: the report's columns, newest rows first.
  const table: ListTableDefinition<Item> = {
    namespace: 'dash',
    columns: report.columns,
    defaultSort: { key: 'reportTime', order: 'desc' },
  };

  const refused = header.values.contract !== null && filters === null;
  return (
    <section data-testid={`report-${report.endpoint.replace('reports/', '')}`}>
      <DashHeader
        title={title}
        values={header.values}
        errors={header.errors}
        update={header.update}
        actions={
          filters ? (
            <>
              <ColumnChooser choice={columnChoice} t={t} namespace="dash" />
              <ExportButton endpoint={report.endpoint} query={query} plural={title.toLowerCase()} />
            </>
          ) : null
        }
        extra={
          filters ? (
            <Input
              aria-label={t('kit:search')}
              placeholder={t('dash:searchPlaceholder')}
              prefix={<SearchOutlined aria-hidden />}
              allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('kit:clearSearch')} /> }}
              value={controller.searchText}
              onChange={(event) => controller.setSearchText(event.target.value)}
              style={{ width: '100%' }}
            />
          ) : null
        }
      />
      {header.values.contract === null ? (
        <ScreenState state="no-contract" />
      ) : refused ? (
        <ScreenState state="refused" />
      ) : (
        <>
          {status === 'error' ? <ScreenState state="error" onRetry={reload} /> : null}
          {filters && status !== 'error' ? (
            <ReportSumsLine
              endpoint={report.endpoint}
              params={list.search ? { ...filters, search: list.search } : filters}
            />
          ) : null}
          <ResourceTable<Item>
            resource={table}
            shown={columnChoice.shown}
            t={t}
            items={status === 'error' ? [] : controller.items}
            loading={status === 'loading'}
            state={list}
            onSort={controller.setSort}
            label={t('kit:listLabel', { plural: title.toLowerCase() })}
            listRef={listRef}
            emptyText={t('dash:noData')}
            actions={detailButton}
            actionsWidth={DETAIL_COLUMN_WIDTH}
            onOpenRow={(item, row) => openDetail(item, row.querySelector<HTMLElement>('[data-detail-button]'))}
          />
          <DetailDrawer<Item>
            item={detail?.item ?? null}
            open={detailOpen}
            title={detail ? `${t('dash:detailTitle')}: ${report.describe(detail.item)}` : ''}
            fields={report.detail}
            t={t}
            namespace="dash"
            search={list.search}
            onClose={() => setDetailOpen(false)}
            afterClose={() => detail?.opener?.focus()}
          />
          <div style={{ marginTop: 16 }}>
            <Pager
              page={list.page}
              pageSize={DEFAULT_PAGE_SIZE}
              total={status === 'error' ? 0 : controller.total}
              onChange={controller.setPage}
            />
          </div>
        </>
      )}
    </section>
  );
}
