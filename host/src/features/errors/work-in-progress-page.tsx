import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { MUTED_TEXT } from '../../components/colours';
import { ResultHeading } from '../../components/page-heading';
import { themeTokens } from '@canteiro/shared/core';

/** Screens announced in a module's menu whose work is still under way. */
export function WorkInProgressPage() {
  const { t } = useTranslation('host');
  return (
    <div data-testid="work-in-progress" style={{ display: 'grid', placeItems: 'center', height: '100%' }}>
      <Result
        icon={<ToolOutlined style={{ color: themeTokens.colorPrimary }} />}
        title={<ResultHeading>{t('workInProgress.heading')}</ResultHeading>}
        subTitle={<span style={{ color: MUTED_TEXT }}>{t('workInProgress.text')}</span>}
      />
    </div>
  );
}
