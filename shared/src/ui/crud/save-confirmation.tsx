import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Modal, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { tabCycle } from './dialog-focus';
import type { ResourceDefinition, ResourceItem } from './types';
import { deactivationText } from './deactivation-impact';

/** One thing a save is about to do that a person must agree to first: what it is and what it changes. */
export interface SaveConfirmation {
  title: string;
  text: ReactNode;
  /** The first dialog's button ("Desativar", "Reclassificar"). */
  okText: string;
  danger?: boolean;
}

interface Pending {
  steps: SaveConfirmation[];
  /** The step shown: each of `steps`, then "are you sure". */
  index: number;
  resolve: (confirmed: boolean) => void;
}

/**
 * The confirmations a form's save goes through (spec §4: two steps): each step says what
 * the save does, then "Tem certeza?"; Cancel at any step saves nothing. `confirm` resolves
 * true only after the last one.
 */
export function useSaveConfirmation(t: TFunction): {
  confirm: (steps: SaveConfirmation[]) => Promise<boolean>;
  dialogs: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  current.current = pending;
  const confirm = (steps: SaveConfirmation[]) =>
    steps.length === 0
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => setPending({ steps, index: 0, resolve }));
  const finish = (confirmed: boolean) => {
    current.current?.resolve(confirmed);
    setPending(null);
  };
  const step = pending ? pending.steps[pending.index] : undefined;
  const last = pending !== null && pending.index === pending.steps.length;
  const danger = pending?.steps.some((each) => each.danger) ?? false;
  const dialogs = (
    <Modal
      open={pending !== null}
      title={step ? step.title : t('kit:areYouSure')}
      okText={step ? step.okText : t('kit:confirm')}
      okButtonProps={{ danger }}
      cancelText={t('kit:cancel')}
      onOk={() => (last ? finish(true) : setPending((now) => (now ? { ...now, index: now.index + 1 } : now)))}
      onCancel={() => finish(false)}
      modalRender={tabCycle}
      destroyOnHidden
    >
      <div data-testid="save-confirmation">
        {step ? step.text : <Typography.Paragraph>{t('kit:areYouSureSave')}</Typography.Paragraph>}
      </div>
    </Modal>
  );
  return { confirm, dialogs };
}

/** What saving this edit asks first: a deactivation as the status toggle does, then the definition's own step. */
export async function savingSteps<Item extends ResourceItem>(
  resource: ResourceDefinition<Item>,
  item: Item,
  body: Record<string, unknown>,
  t: TFunction,
): Promise<SaveConfirmation[]> {
  const name = resource.describe?.(item) ?? String((item as { name?: unknown }).name ?? '');
  const deactivates = (item as { isActive?: unknown }).isActive === true && body.isActive === false;
  const own = await resource.confirmSave?.({ item, body, t });
  const hidden = deactivates ? await deactivationText(resource.endpoint, item.id, t) : null;
  const deactivation: SaveConfirmation = {
    title: t('kit:confirmDeactivate', { name }),
    text: hidden ? (
      <>
        <Typography.Paragraph>{t('kit:confirmDeactivateText')}</Typography.Paragraph>
        <Typography.Paragraph data-testid="deactivation-impact">{hidden}</Typography.Paragraph>
      </>
    ) : (
      t('kit:confirmDeactivateText')
    ),
    okText: t('kit:deactivate'),
    danger: true,
  };
  return [...(deactivates ? [deactivation] : []), ...(own ? [own] : [])];
}
