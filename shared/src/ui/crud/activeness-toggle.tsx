import { useRef, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { tabCycle } from './dialog-focus';
import { useClosedOnUnmount } from './closed-on-unmount';

/**
 * Activate/deactivate with two confirmations (spec §4): a first one that says what
 * happens, then a second 'are you sure'. Nothing is sent before the second.
 */
export function ActivenessToggle({
  name,
  isActive,
  onConfirm,
  hides,
  onClosed = (button) => button?.focus(),
}: {
  name: string;
  isActive: boolean;
  onConfirm: () => Promise<void>;
  /** What a deactivation would hide, asked when the first dialog opens (deactivation-impact.ts); null: nothing to add. */
  hides?: () => Promise<string | null>;
  /** When the last dialog has gone: gets the button that opened them, to give focus back. */
  onClosed?: (button: HTMLElement | null) => void;
}) {
  const { t } = useTranslation('kit');
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [busy, setBusy] = useState(false);
  // undefined: not asked (or being counted); null: nothing to say.
  const [hidden, setHidden] = useState<string | null | undefined>(undefined);
  const open = () => {
    setStep(1);
    if (!isActive || !hides) return;
    setHidden(undefined);
    void hides().then(setHidden);
  };
  const action = isActive ? t('deactivate') : t('activate');
  const button = useRef<HTMLButtonElement>(null);
  const close = () => setStep(0);
  // Each dialog's afterClose runs once its closing animation is over; only the last one gives focus back.
  const closing = useClosedOnUnmount(onClosed);
  const afterClose = () => {
    if (stepRef.current !== 0) return;
    closing.current = false;
    onClosed(button.current);
  };
  const stepRef = useRef(step);
  stepRef.current = step;

  return (
    <>
      <Button ref={button} size="small" type="link" danger={isActive} onClick={open}>
        {action}
      </Button>
      <Modal
        open={step === 1}
        title={isActive ? t('confirmDeactivate', { name }) : t('confirmActivate', { name })}
        okText={action}
        okButtonProps={{ danger: isActive }}
        cancelText={t('cancel')}
        onOk={() => setStep(2)}
        onCancel={close}
        afterClose={afterClose}
        modalRender={tabCycle}
        destroyOnHidden
      >
        <Typography.Paragraph>{isActive ? t('confirmDeactivateText') : t('confirmActivateText')}</Typography.Paragraph>
        {isActive && hides && hidden !== null ? (
          <Typography.Paragraph data-testid="deactivation-impact" aria-live="polite">
            {hidden ?? t('deactivationHidesLoading')}
          </Typography.Paragraph>
        ) : null}
      </Modal>
      <Modal
        open={step === 2}
        title={t('areYouSure')}
        okText={t('confirm')}
        okButtonProps={{ danger: isActive, loading: busy }}
        cancelText={t('cancel')}
        onOk={async () => {
          setBusy(true);
          try {
            await onConfirm();
            closing.current = true;
            close();
          } finally {
            setBusy(false);
          }
        }}
        onCancel={close}
        afterClose={afterClose}
        modalRender={tabCycle}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('areYouSureText', { action: action.toLowerCase(), name })}</Typography.Paragraph>
      </Modal>
    </>
  );
}
