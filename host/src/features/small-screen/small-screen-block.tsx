import { DesktopOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelector, Logo } from '@canteiro/shared/ui';
import { MUTED_TEXT } from '../../components/colours';
import { themeTokens } from '@canteiro/shared/core';

/** Replaces the whole app below 1064 px (spec §1). */
export function SmallScreenBlock() {
  const { t } = useTranslation('host');
  return (
    <main
      data-testid="small-screen-block"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 20,
        padding: 24,
        textAlign: 'center',
        background: '#f4f6f4',
      }}
    >
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSelector size="small" />
      </div>
      <Logo size={40} />
      <DesktopOutlined style={{ fontSize: 48, color: themeTokens.colorPrimary }} />
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
        {t('smallScreen.title')}
      </Typography.Title>
      <Typography.Paragraph style={{ maxWidth: 360, fontSize: 16, color: MUTED_TEXT }}>
        {t('smallScreen.text')}
      </Typography.Paragraph>
    </main>
  );
}
