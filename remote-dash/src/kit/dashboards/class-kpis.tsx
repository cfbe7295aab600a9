import { useTranslation } from 'react-i18next';
import { DASHBOARD_CLASSES, formatFigure } from '@canteiro/shared/domain';
import type { ClassTotals, DashboardClass, Locale, PreviousPeriod, ShareInterval } from '@canteiro/shared/domain';
import type { TFunction } from 'i18next';
import { CLASS_COLOURS } from './class-colours';
import { Kpi } from './kpi';
import { FigureGrid } from './layout';
import { useLocale } from './use-locale';
import { shortDay } from '../header/header-state';

/** A share's 95 % interval as the screens write it ("IC 95 %: 16,4 % a 83,6 %"); empty without one. */
export const intervalText = (interval: ShareInterval | null | undefined, locale: Locale, t: TFunction): string =>
  interval
    ? t('dash:kit.interval', {
        low: formatFigure(interval.low, 'index', locale),
        high: formatFigure(interval.high, 'index', locale),
      })
    : '';

/** Percentage points with their sign ("−9,3", "+4,0"). */
export const points = (share: number, locale: Locale): string =>
  new Intl.NumberFormat(locale, {
    signDisplay: 'exceptZero',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(share * 100);

/** A share's change against the period before as the KPI writes it (DOMAIN.md §5); none without one. */
export function changeText(
  previous: PreviousPeriod | undefined,
  name: DashboardClass,
  locale: Locale,
  t: TFunction,
): { text: string; interval: string; real: boolean } | undefined {
  const change = previous?.change[name];
  if (!previous || !change) return undefined;
  return {
    text: t('dash:kit.change', {
      difference: points(change.difference, locale),
      from: shortDay(previous.from, locale),
      to: shortDay(previous.to, locale),
    }),
    interval: t('dash:kit.changeInterval', { low: points(change.low, locale), high: points(change.high, locale) }),
    real: change.real,
  };
}

/**
 * The top row of a screen on occurrence classes: HH total with its sample (observations,
 * registers), then each class's index with its HH, in its colour, marked when low-confidence,
 * and its change against the period before when the answer has one.
 */
export function ClassKpis({
  totals,
  previous,
  testId = 'kpis',
}: {
  totals: ClassTotals;
  previous?: PreviousPeriod;
  testId?: string;
}) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  return (
    <FigureGrid min={170} testId={testId}>
      <Kpi
        testId="kpi-totalHh"
        label={t('figures:columns.totalHh')}
        value={formatFigure(totals.hh.total, 'hh', locale)}
        sample={t('dash:kit.sample', {
          workers: formatFigure(totals.workers, 'integer', locale),
          registers: formatFigure(totals.registers, 'integer', locale),
        })}
      />
      {DASHBOARD_CLASSES.map((name) => (
        <Kpi
          key={name}
          testId={`kpi-${name}`}
          colour={CLASS_COLOURS[name]}
          label={t(`figures:values.${name}`)}
          value={formatFigure(totals.index[name], 'index', locale)}
          interval={intervalText(totals.intervals[name], locale, t)}
          sample={t('dash:kit.hhOf', { hh: formatFigure(totals.hh[name], 'hh', locale) })}
          // Each share's own mark (DOMAIN.md §5): its interval wider than ± 5 points.
          lowConfidence={totals.intervals[name]?.lowConfidence ?? false}
          change={changeText(previous, name, locale, t)}
        />
      ))}
    </FigureGrid>
  );
}
