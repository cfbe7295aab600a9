import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centred spinner while a lazily loaded screen arrives, inside whatever frame holds it. */
export function PageLoading() {
  const { t } = useTranslation('host');
  return (
    <div data-testid="page-loading" style={{ display: 'grid', placeItems: 'center', minHeight: 240, height: '100%' }}>
      <Spin size="large" aria-label={t('loading')} />
    </div>
  );
}
