import type { TFunction } from 'i18next';
import { formatFigure } from '@canteiro/shared/domain';
import type { ClassTotals, Locale } from '@canteiro/shared/domain';

/** The classes in the order of CLASS_COLUMNS.index (a chart's series). */
const CLASSES = ['valueAdding', 'hiddenWaste', 'evidentWaste'] as const;

/**
 * The tooltip of a chart of class shares (routine's shares by hour): each class's share with
 * its 95 % interval (DOMAIN.md §5), "45,0 % (IC 95 %: 40,1 % a 49,9 %)", and the mark of a
 * share too unsure to read alone — the interval a stacked 0–100 % bar cannot draw.
 */
export function shareTooltip(rows: readonly ClassTotals[], locale: Locale, t: TFunction) {
  return {
    shared: true,
    intersect: false,
    y: {
      formatter: (value: number, point?: { seriesIndex?: number; dataPointIndex: number }) => {
        if (typeof value !== 'number') return '';
        const share = formatFigure(value, 'index', locale);
        const klass = CLASSES[point?.seriesIndex ?? -1];
        const interval = klass ? rows[point!.dataPointIndex]?.intervals[klass] : null;
        if (!interval) return share;
        const range = t('dash:kit.interval', {
          low: formatFigure(interval.low, 'index', locale),
          high: formatFigure(interval.high, 'index', locale),
        });
        return `${share} (${range})${interval.lowConfidence ? ` · ${t('dash:kit.lowConfidence')}` : ''}`;
      },
    },
  };
}
