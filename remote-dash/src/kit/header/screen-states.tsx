import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';

/**
 * What a Dashboards screen (a dashboard or a report list) says instead of its figures: no
 * contract chosen yet, a filter refused (its message is beside its field), or the call failed
 * ('Erro ao buscar os dados', spec §8) with a retry.
 */
export function ScreenState({ state, onRetry }: { state: 'no-contract' | 'refused' | 'error'; onRetry?: () => void }) {
  const { t } = useTranslation(['dash', 'kit', 'common']);
  if (state === 'error')
    return (
      <Alert
        type="error"
        showIcon
        data-testid="fetch-error"
        title={t('common:errors.dashboard_fetch_failed')}
        action={
          <Button icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
            {t('kit:retry')}
          </Button>
        }
        style={{ marginBottom: 12 }}
      />
    );
  return (
    <Typography.Paragraph
      data-testid={state === 'no-contract' ? 'context-hint' : 'filters-refused'}
      style={{ color: themeTokens.colorTextSecondary }}
    >
      {t(state === 'no-contract' ? 'dash:contractHint' : 'dash:header.fixFilters')}
    </Typography.Paragraph>
  );
}
