import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDocumentMeta } from '../../app/document-meta';
import { hostRoutes } from '../../app/route-meta';
import { MUTED_TEXT } from '../../components/colours';
import { ResultHeading } from '../../components/page-heading';

/** The 404 screen: any unknown path, and any route the user's permission does not reach. */
export function NotFoundPage() {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  useDocumentMeta(hostRoutes.notFound.titleKey, hostRoutes.notFound.descriptionKey);
  return (
    <main
      data-testid="not-found"
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f4f6f4' }}
    >
      <Result
        status="404"
        title={<ResultHeading>{t('routes.notFound.title')}</ResultHeading>}
        subTitle={
          <span style={{ color: MUTED_TEXT }}>
            {t('notFound.code')} · {t('notFound.text')}
          </span>
        }
        extra={
          <Button type="primary" size="large" onClick={() => navigate('/home')}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </main>
  );
}
