import { BarChartOutlined } from '@ant-design/icons';
import { ModuleWelcome } from '@canteiro/shared/ui';

export default function WelcomePage() {
  return <ModuleWelcome namespace="dash" illustration={<BarChartOutlined />} />;
}
