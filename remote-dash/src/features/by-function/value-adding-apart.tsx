import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '@canteiro/shared/domain';
import type { ByFunctionDashboard } from '@canteiro/shared/domain';
import { useLocale } from '../../kit/dashboards/use-locale';

/**
 * The value-adding work, said in a sentence above the Pareto of losses: it is the work itself,
 * not a loss to rank, so its HH and share of all HH are given apart from the bars and the
 * cumulative line ("Fora do Pareto, agrega valor: Execução do serviço, 800,0 HH (41,7 % do HH)").
 */
export function ValueAddingApart({ answer }: { answer: ByFunctionDashboard }) {
  const { t } = useTranslation('dash');
  const locale = useLocale();
  const occurrences = answer.valueAddingOccurrences;
  if (occurrences.length === 0) return null;
  const list = occurrences
    .map((occurrence) =>
      t('byFunction.apartItem', {
        name: occurrence.name,
        hh: formatFigure(occurrence.hh, 'hh', locale),
        share: formatFigure(occurrence.share, 'index', locale),
      }),
    )
    .join('; ');
  return (
    <Typography.Paragraph type="secondary" style={{ margin: '0 0 8px' }} data-testid="value-adding-apart">
      {t('byFunction.apart', { list })}
    </Typography.Paragraph>
  );
}
