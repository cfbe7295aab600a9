import { useRef, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { tabCycle } from './dialog-focus';
import type { RowAction } from './types';
import { useClosedOnUnmount } from './closed-on-unmount';

/**
 * A row's own action (finish, reopen): its button, one confirmation that says what happens,
 * and only then the call. When the dialog has gone, focus goes back through `onClosed`, as
 * the activeness toggle does (to the button, or to the list when the row has left it).
 */
export function RowActionButton<Item>({
  action,
  name,
  t,
  onConfirm,
  onClosed,
}: {
  action: RowAction<Item>;
  /** The row's name in the texts (`{{name}}`). */
  name: string;
  /** Bound to the resource's namespace, the kit's and common. */
  t: TFunction;
  onConfirm: () => Promise<void>;
  onClosed: (button: HTMLElement | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const label = t(action.labelKey, { name });
  const closing = useClosedOnUnmount(onClosed);
  return (
    <>
      <Button
        ref={button}
        size="small"
        type="link"
        data-testid={`row-action-${action.key}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Modal
        open={open}
        title={t(action.confirmTitleKey, { name })}
        okText={label}
        okButtonProps={{ loading: busy }}
        cancelText={t('kit:cancel')}
        onOk={async () => {
          setBusy(true);
          try {
            await onConfirm();
            closing.current = true;
            setOpen(false);
          } finally {
            setBusy(false);
          }
        }}
        onCancel={() => setOpen(false)}
        afterClose={() => {
          closing.current = false;
          onClosed(button.current);
        }}
        modalRender={tabCycle}
        destroyOnHidden
      >
        {action.confirmTextKey ? (
          <Typography.Paragraph>{t(action.confirmTextKey, { name })}</Typography.Paragraph>
        ) : null}
      </Modal>
    </>
  );
}
