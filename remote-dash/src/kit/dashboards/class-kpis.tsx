import { useTranslation } from 'react-i18next';
import { DASHBOARD_CLASSES, formatFigure } from '@canteiro/shared/domain';
import type { ClassTotals } from '@canteiro/shared/domain';
import { CLASS_COLOURS } from './class-colours';
import { Kpi } from './kpi';
import { FigureGrid } from './layout';
import { useLocale } from './use-locale';

/**
 * The top row of a screen on occurrence classes: HH total with its sample (observations,
 * registers), then each class's index with its HH, in its colour, marked when low-confidence.
 */
export function ClassKpis({ totals, testId = 'kpis' }: { totals: ClassTotals; testId?: string }) {
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
          sample={t('dash:kit.hhOf', { hh: formatFigure(totals.hh[name], 'hh', locale) })}
          // The mark is the shares' (DOMAIN.md §3): fewer than 385 observations behind them.
          lowConfidence={totals.lowConfidence}
        />
      ))}
    </FigureGrid>
  );
}
