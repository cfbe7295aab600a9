import { BarChartOutlined } from '@ant-design/icons';
import { ModuleWelcome } from '@canteiro/shared/ui';
import { PortfolioTable } from '../features/portfolio/portfolio';

/** The module's start: its welcome, then the portfolio of every contract the user may see. */
export default function WelcomePage() {
  return (
    <>
      <ModuleWelcome namespace="dash" illustration={<BarChartOutlined />} compact />
      <PortfolioTable />
    </>
  );
}
