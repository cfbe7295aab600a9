import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, themeTokens } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import { FILTER_DIMENSIONS, datePresetOf, filterWords } from '@canteiro/shared/domain';
import type { DashboardPeriod, FilterDimension } from '@canteiro/shared/domain';
import { useLocale } from '../dashboards/use-locale';
import { useFilterNames } from './filter-names';
import type { HeaderUpdate, HeaderValues } from './header-state';
import { clearedFilters, hasFilters, weekdayEnds } from './header-state';

/** One active filter: its words and what removing it writes. */
interface Chip {
  key: string;
  text: string;
  remove: Partial<HeaderValues>;
}

/**
 * The active filters as chips under the header (docs/dashboards.md, "Filters that follow the
 * user"): the period, the time window's ends, the weekdays, each dimension, the class and the
 * week, in the words of the export and the printed header (filterWords); each removed by its
 * own button, all of them by "Limpar filtros", which puts the contract's default range back.
 * The dates themselves are in their inputs above: every view has some.
 */
export function FilterChips({ values, update }: { values: HeaderValues; update: HeaderUpdate }) {
  const { t } = useTranslation(['dash', 'kit']);
  const locale = useLocale();
  const contract = values.contract!;
  const dimensions = Object.fromEntries(
    FILTER_DIMENSIONS.flatMap((dimension) => (values[dimension] === null ? [] : [[dimension, values[dimension]]])),
  ) as Partial<Record<FilterDimension, number>>;
  // The chips name the dimensions only: no request for the contract's own record.
  const name = useFilterNames({ contract, ...dimensions }, { withContract: false });
  if (!hasFilters(values)) return null;

  // Each filter alone through filterWords: its own line(s), past the contract's.
  const words = (filters: Record<string, unknown>) =>
    filterWords({ contract, ...filters }, locale, { name })
      .slice(1)
      .map(([label, value]) => `${label}: ${value}`)
      .join(' · ');
  const chips: Chip[] = [];
  const preset = datePresetOf(values.period);
  if (preset) {
    chips.push({
      key: 'period',
      text: `${t('dash:header.period')}: ${t(`dash:header.presets.${preset}`)}`,
      // Its days stay, fixed.
      remove: { period: '', from: values.from, to: values.to },
    });
  }
  for (const name of ['fromTime', 'toTime'] as const) {
    if (values[name]) chips.push({ key: name, text: words({ [name]: values[name] }), remove: { [name]: '' } });
  }
  const { first, last } = weekdayEnds(values.weekdays);
  if (first !== null && last !== null) {
    chips.push({ key: 'weekdays', text: words({ weekdays: { first, last } }), remove: { weekdays: '' } });
  }
  for (const [dimension, id] of Object.entries(dimensions)) {
    chips.push({ key: dimension, text: words({ [dimension]: id }), remove: { [dimension]: null } });
  }
  if (values.classification) {
    chips.push({
      key: 'classification',
      text: words({ classification: values.classification }),
      remove: { classification: '' },
    });
  }
  if (values.week) chips.push({ key: 'week', text: words({ week: values.week }), remove: { week: '' } });
  if (chips.length === 0) return null;

  // The contract's default range (the answer the screen opened on, kept): asked for only now.
  const clear = async () => {
    const period = await queryClient
      .fetchQuery({
        queryKey: ['dashboards', 'period', contract],
        queryFn: ({ signal }) =>
          api
            .get('dashboards/period', { searchParams: { contract: String(contract) }, signal })
            .json<DashboardPeriod>(),
      })
      .catch(() => null);
    update(clearedFilters(period?.from ?? '', period?.to ?? ''));
  };
  return (
    <div
      data-testid="filter-chips"
      role="group"
      aria-label={t('dash:header.activeFilters')}
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6, marginTop: 10 }}
    >
      <span style={{ fontSize: 13, color: themeTokens.colorTextSecondary }}>{t('dash:header.activeFilters')}:</span>
      {chips.map((chip) => (
        <Tag
          key={chip.key}
          data-testid={`filter-chip-${chip.key}`}
          style={{ margin: 0, fontSize: 13, lineHeight: '22px', whiteSpace: 'normal', paddingRight: 2 }}
        >
          {chip.text}
          {/* A button of its own (antd's close icon is no button): Tab reaches it, Enter removes. */}
          <button
            type="button"
            data-testid="filter-chip-remove"
            aria-label={t('dash:header.removeFilter', { filter: chip.text })}
            onClick={() => update(chip.remove)}
            style={{
              border: 0,
              background: 'transparent',
              cursor: 'pointer',
              marginLeft: 4,
              padding: '0 4px',
              fontSize: 15,
              lineHeight: '20px',
              color: themeTokens.colorTextSecondary,
            }}
          >
            ×
          </button>
        </Tag>
      ))}
      <Button type="link" size="small" data-testid="clear-all-filters" onClick={() => void clear()}>
        {t('dash:clearFilters')}
      </Button>
    </div>
  );
}
