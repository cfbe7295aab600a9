import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { themeTokens } from '@canteiro/shared/core';
import { CONFIDENCE_SAMPLE, formatCell, formatFigure } from '@canteiro/shared/domain';
import type { FigureFormat, FigureRow, FigureTable } from '@canteiro/shared/domain';
import { usePrinting } from './print';
import { useLocale } from './use-locale';

const NUMERIC: ReadonlySet<FigureFormat> = new Set(['integer', 'hh', 'index', 'decimal', 'rup', 'tenths']);

/** The warning colours of a low-confidence mark: text on its background at 4.5:1 or more. */
const LOW = { color: '#8a4b00', background: '#fff4e0', border: '#f0c27a' } as const;

/**
 * The mark of a low-confidence share (DOMAIN.md §5: its 95 % interval wider than ± 5 points;
 * for equipment, fewer than 385 observations): a tag, its reason in a tooltip.
 */
export function LowConfidenceTag({ text, equipment = false }: { text?: string; equipment?: boolean }) {
  const { t } = useTranslation('dash');
  return (
    <Tooltip
      title={t(equipment ? 'dash:kit.equipmentLowConfidenceHint' : 'dash:kit.lowConfidenceHint', {
        sample: CONFIDENCE_SAMPLE,
      })}
    >
      <Tag
        icon={<ExclamationCircleOutlined aria-hidden />}
        data-testid="low-confidence"
        style={{ color: LOW.color, background: LOW.background, borderColor: LOW.border, marginInlineEnd: 0 }}
      >
        {text ?? t('dash:kit.lowConfidence')}
      </Tag>
    </Tooltip>
  );
}

/**
 * The values of a chart (chart, table and export agree): a figure table as the
 * export writes it — headers `figures:columns.<key>`, every cell by formatFigure in the
 * user's language, numbers right-aligned in tabular figures, a low-confidence row marked.
 * Wide tables scroll inside their own focusable region, never the page. On paper every row, no pages.
 */
export function FigureTableView({
  table,
  pageSize = 10,
  label,
  rowHref,
}: {
  table: FigureTable;
  pageSize?: number;
  label?: string;
  /** The report list of a row's rows (drill-down.ts): its first cell becomes a link there, the keyboard's way in. */
  rowHref?: (row: FigureRow) => string | null;
}) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const printing = usePrinting();
  const caption = label ?? t(`figures:tables.${table.key}`);
  const anyLow = table.rows.some((row) => row.lowConfidence === true);
  // Equipment observations are one machine each: their mark is a head count, not an interval.
  const equipment = table.key === 'equipment';
  const columns: TableColumnsType<FigureRow> = table.columns.map((column, position) => {
    const numeric = NUMERIC.has(column.format);
    return {
      key: column.key,
      dataIndex: column.key,
      title: t(`figures:columns.${column.key}`),
      align: numeric ? 'right' : 'left',
      // Names may be long (a package's full name): they wrap rather than widen the table past its card.
      ...(column.format === 'text' ? { width: 220 } : {}),
      onCell: () => ({ style: numeric ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : {} }),
      render: (value: FigureRow[typeof column.key], row: FigureRow) => {
        if (column.key === 'lowConfidence' && value === true)
          return <LowConfidenceTag text={formatFigure(value, column.format, locale)} equipment={equipment} />;
        const text = formatCell(row, column, locale);
        const href = position === 0 && rowHref && !printing ? rowHref(row) : null;
        return href ? (
          <Link to={href} aria-label={t('dash:kit.openRows', { name: text })} data-testid="table-row-rows">
            {text}
          </Link>
        ) : (
          text
        );
      },
    };
  });
  return (
    <div>
      <div
        role="region"
        aria-label={caption}
        // Focusable so a keyboard can scroll a table wider than its card (axe: scrollable-region-focusable).
        tabIndex={0}
        data-testid={`table-${table.key}`}
        className="figure-table"
        style={{ overflowX: 'auto', maxWidth: '100%' }}
      >
        <Table<FigureRow>
          size="small"
          columns={columns}
          dataSource={table.rows}
          rowKey={(row) => String(row.id ?? JSON.stringify(row))}
          pagination={
            table.rows.length > pageSize && !printing
              ? { pageSize, showSizeChanger: false, size: 'small', hideOnSinglePage: true }
              : false
          }
          locale={{ emptyText: t('dash:noData') }}
          tableLayout="auto"
        />
      </div>
      {anyLow ? (
        <Typography.Paragraph style={{ fontSize: 12, color: themeTokens.colorTextSecondary, margin: '4px 0 0' }}>
          {t(equipment ? 'dash:kit.equipmentLowConfidenceNote' : 'dash:kit.lowConfidenceNote', {
            sample: CONFIDENCE_SAMPLE,
          })}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}
