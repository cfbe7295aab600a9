import { Tag, Tooltip } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';

/**
 * "mudança real": a change whose 95 % interval excludes zero (DOMAIN.md §5). Words and an
 * icon, not a colour: it says a change is real, not whether it is good.
 */
export function RealChangeTag() {
  const { t } = useTranslation('dash');
  return (
    <Tooltip title={t('dash:kit.realChangeHint')}>
      <Tag
        icon={<CheckCircleOutlined aria-hidden />}
        data-testid="real-change"
        style={{ marginTop: 2, marginInlineEnd: 0, color: themeTokens.colorText, background: '#fff' }}
      >
        {t('dash:kit.realChange')}
      </Tag>
    </Tooltip>
  );
}
