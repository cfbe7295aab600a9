import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown inside the layout when a module cannot be loaded or crashes. */
export function ModuleErrorPanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('host');
  return (
    <div data-testid="module-error" style={{ display: 'grid', placeItems: 'center', height: '100%' }}>
      <Result
        status="warning"
        title={t('module.failedTitle')}
        subTitle={t('module.failedText')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('module.retry')}
          </Button>
        }
      />
    </div>
  );
}
