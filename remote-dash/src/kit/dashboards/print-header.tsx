import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { themeTokens } from '@canteiro/shared/core';
import { filterWords } from '@canteiro/shared/domain';
import { useFilterNames } from '../header/filter-names';
import type { DashboardMeta, LastObservation, Locale } from '@canteiro/shared/domain';
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
