import { SettingOutlined } from '@ant-design/icons';
import { ModuleWelcome } from '@canteiro/shared/ui';

export default function WelcomePage() {
  return <ModuleWelcome namespace="admin" illustration={<SettingOutlined />} />;
}
