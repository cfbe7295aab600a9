import { DashboardScreen } from '../kit/dashboards/dashboard-screen';
import { ByFunctionView } from '../features/by-function/by-function-view';

/** /dash/by-function: nothing to draw when no row matched the filters. */
export default function ByFunctionPage() {
  return (
    <DashboardScreen
      name="by-function"
      titleKey="dash:routes.byFunction.title"
      isEmpty={(answer) => answer.registers === 0}
    >
      {(answer) => <ByFunctionView answer={answer} />}
    </DashboardScreen>
  );
}
