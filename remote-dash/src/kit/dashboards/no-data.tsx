import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { api } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import { formatFigure } from '@canteiro/shared/domain';
import type { DashboardPeriod } from '@canteiro/shared/domain';
import { clearedFilters } from '../header/header-state';
import type { HeaderUpdate } from '../header/header-state';
import { useLocale } from './use-locale';

/**
 * Nothing under these filters: says which days the contract has data for (its period, the
 * same answer the default range comes from) and offers "Limpar filtros", which puts the
 * contract's default range back and clears every other filter.
 */
export function NoData({ contract, update }: { contract: number; update: HeaderUpdate }) {
  const { t } = useTranslation('dash');
  const locale = useLocale();
  const period = useQuery(
    {
      queryKey: ['dashboards', 'period', contract],
      queryFn: ({ signal }) =>
        api.get('dashboards/period', { searchParams: { contract: String(contract) }, signal }).json<DashboardPeriod>(),
    },
    queryClient,
  );
  const data = period.data;
  const span =
    data?.first && data.last
      ? t('dash:dataSpan', {
          first: formatFigure(data.first, 'date', locale),
          last: formatFigure(data.last, 'date', locale),
        })
      : data
        ? t('dash:noDataYet')
        : '';
  const clear = () => update(clearedFilters(data?.from ?? '', data?.to ?? ''));
  return (
    <Empty
      data-testid="no-data"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <span>{t('dash:noData')}</span>
          {span ? (
            <span data-testid="data-span" style={{ display: 'block', marginTop: 4 }}>
              {span}
            </span>
          ) : null}
        </>
      }
    >
      <Button data-testid="clear-filters" onClick={clear}>
        {t('dash:clearFilters')}
      </Button>
    </Empty>
  );
}
