import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { MUTED_TEXT } from '../../components/colours';
import { ResultHeading } from '../../components/page-heading';

/** Shown inside the layout when a module cannot be loaded or crashes. */
export function ModuleErrorPanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('host');
  return (
    <div data-testid="module-error" style={{ display: 'grid', placeItems: 'center', height: '100%' }}>
      <Result
        status="warning"
        title={<ResultHeading>{t('module.failedTitle')}</ResultHeading>}
        subTitle={<span style={{ color: MUTED_TEXT }}>{t('module.failedText')}</span>}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('module.retry')}
          </Button>
        }
      />
    </div>
  );
}
