import { DashboardScreen } from '../kit/dashboards/dashboard-screen';
import { PerformanceView, performanceIsEmpty } from '../features/performance/performance-view';

/** /dash/performance. */
export default function PerformancePage() {
  return (
    <DashboardScreen name="performance" titleKey="dash:routes.performance.title" isEmpty={performanceIsEmpty}>
      {(answer) => <PerformanceView answer={answer} />}
    </DashboardScreen>
  );
}
