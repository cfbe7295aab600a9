import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { TableOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FigureRow, FigureTable } from '@canteiro/shared/domain';
import { FigureTableView } from './figure-table';

/**
 * One figure of a screen: a card with its title (h2), its chart and the table the chart
 * plots — open under it, or behind a "Ver valores" toggle (a button: Tab and Enter reach it).
 */
export function FigureCard({
  table,
  children,
  title,
  extra,
  showTable = 'toggle',
  pageSize,
  rowHref,
}: {
  /** The table the chart plots; its key names the card (`figures:tables.<key>`, test ids). */
  table: FigureTable;
  /** The chart. */
  children?: ReactNode;
  /** Default `figures:tables.<table.key>`. */
  title?: string;
  extra?: ReactNode;
  showTable?: 'open' | 'toggle';
  pageSize?: number;
  /** Each row's report list (drill-down.ts): the table's first cells become links. */
  rowHref?: (row: FigureRow) => string | null;
}) {
  const { t } = useTranslation(['dash', 'figures']);
  const [open, setOpen] = useState(false);
  const tableId = `${useId()}-values`;
  const tableKey = table.key;
  const heading = title ?? t(`figures:tables.${tableKey}`);
  const shown = showTable === 'open' || open;
  return (
    <Card
      data-testid={`card-${tableKey}`}
      size="small"
      style={{ height: '100%', minWidth: 0 }}
      styles={{ body: { minWidth: 0 } }}
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0, whiteSpace: 'normal' }}>
          {heading}
        </Typography.Title>
      }
      extra={
        <Space size={8} wrap>
          {extra}
          {showTable === 'toggle' ? (
            <Button
              size="small"
              icon={<TableOutlined aria-hidden />}
              aria-expanded={open}
              aria-controls={tableId}
              onClick={() => setOpen((value) => !value)}
              data-testid={`toggle-${tableKey}`}
            >
              {open ? t('dash:kit.hideValues') : t('dash:kit.showValues')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {children}
      <div id={tableId} hidden={!shown} style={children ? { marginTop: 12 } : undefined}>
        {shown ? <FigureTableView table={table} label={heading} pageSize={pageSize} rowHref={rowHref} /> : null}
      </div>
    </Card>
  );
}
