import type { TFunction } from 'i18next';
import { api } from '@canteiro/shared/core';
import { formatFigure } from '@canteiro/shared/domain';
import type { Locale, OccurrenceImpact } from '@canteiro/shared/domain';
import type { SaveConfirmation } from '@canteiro/shared/ui';

const CLASSES = ['valueAdding', 'hiddenWaste', 'evidentWaste'] as const;
const LIST_KEY = { valueAdding: 'value_adding', hiddenWaste: 'hidden_waste', evidentWaste: 'evident_waste' } as const;

/** Each contract's shares that move, "Contrato A1: perda evidente 19,0 % → 0,0 %, perda oculta 9,5 % → 28,6 %". */
export function impactLines(impact: OccurrenceImpact, t: TFunction, locale: Locale): string[] {
  const percent = (value: number) => formatFigure(value, 'index', locale);
  return impact.shares.map((row) => {
    const moved = CLASSES.filter((key) => Math.abs(row.after[key] - row.before[key]) > 1e-9).map(
      (key) =>
        `${t(`lists:classification.${LIST_KEY[key]}`).toLowerCase()} ${percent(row.before[key])} → ${percent(row.after[key])}`,
    );
    return `${row.contractName}: ${moved.join(', ')}`;
  });
}

/**
 * Before an occurrence moves to another class (it rewrites every contract's history, DOMAIN.md
 * §2): how many observations in how many contracts, and the shares it moves, asked twice.
 */
export async function occurrenceImpactStep(
  occurrence: { id: number; name: string; classification: string },
  classification: unknown,
  t: TFunction,
  locale: Locale,
): Promise<SaveConfirmation | null> {
  if (typeof classification !== 'string' || classification === occurrence.classification) return null;
  const impact = await api
    .get(`occurrences/${occurrence.id}/impact`, { searchParams: { classification } })
    .json<OccurrenceImpact>();
  const lines = impactLines(impact, t, locale);
  return {
    title: t('admin:impact.title', { name: occurrence.name }),
    okText: t('admin:impact.ok'),
    danger: true,
    text: (
      <>
        <p data-testid="impact-summary">
          {impact.observations === 0
            ? t('admin:impact.none')
            : t('admin:impact.summary', {
                observations: formatFigure(impact.observations, 'integer', locale),
                contracts: impact.contracts,
                count: impact.contracts,
              })}
        </p>
        {lines.length ? (
          <ul style={{ paddingLeft: 18, maxHeight: 240, overflowY: 'auto' }}>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </>
    ),
  };
}
