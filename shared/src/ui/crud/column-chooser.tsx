import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { themeTokens } from '@canteiro/shared/core';
import type { ColumnChoice } from './use-column-choice';

interface ColumnChooserProps<Item> {
  choice: ColumnChoice<Item>;
  t: TFunction;
  /** The namespace of the columns' titles (`ns:key` titles ignore it). */
  namespace: string;
}

/**
 * The list toolbar's "Colunas" button (docs/crud-kit.md, "Columns"): it says how many columns
 * are hidden ("3 colunas ocultas") and opens a checklist of every column. Focus goes to the
 * first box when it opens and back to the button when it closes (Escape or the button again);
 * the last shown column cannot be unchecked.
 */
export function ColumnChooser<Item>({ choice, t, namespace }: ColumnChooserProps<Item>) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const title = (titleKey: string) => t(titleKey, { ns: namespace });
  const hiddenCount = choice.hidden.length;

  useEffect(() => {
    if (!open) return;
    // The panel is drawn in a portal a frame or two after it opens.
    let frame = 0;
    let tries = 0;
    const focusFirst = () => {
      const first = panel.current?.querySelector<HTMLInputElement>('input:not(:disabled)');
      if (first) first.focus();
      else if (++tries < 20) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };

  const content = (
    <div ref={panel} role="group" aria-labelledby={headingId} onKeyDown={onKeyDown} style={{ maxWidth: 280 }}>
      <Typography.Text strong id={headingId}>
        {t('kit:columns.title')}
      </Typography.Text>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4, margin: '8px 0' }}>
        {choice.columns.map((column) => {
          const shown = !choice.hidden.includes(column);
          return (
            <Checkbox
              key={column.key}
              checked={shown}
              // The table keeps at least one column.
              disabled={shown && choice.shown.length === 1}
              onChange={(event) => choice.setShown(column.key, event.target.checked)}
            >
              {title(column.titleKey)}
            </Checkbox>
          );
        })}
      </div>
      <Typography.Paragraph style={{ color: themeTokens.colorTextSecondary, marginBottom: 8 }} aria-live="polite">
        {hiddenCount
          ? t('kit:columns.hiddenList', { names: choice.hidden.map((column) => title(column.titleKey)).join(', ') })
          : t('kit:columns.allShown')}
      </Typography.Paragraph>
      <Button size="small" disabled={!choice.changed} onClick={choice.reset}>
        {t('kit:columns.reset')}
      </Button>
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" content={content}>
      <Button
        ref={button}
        icon={<TableOutlined aria-hidden />}
        aria-expanded={open}
        aria-haspopup="true"
        data-testid="column-chooser"
      >
        {hiddenCount ? t('kit:columns.hidden', { count: hiddenCount }) : t('kit:columns.button')}
      </Button>
    </Popover>
  );
}
