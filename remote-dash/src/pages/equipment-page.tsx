import { DashboardScreen } from '../kit/dashboards/dashboard-screen';
import { EquipmentView } from '../features/equipment-dash/equipment-view';

/** /dash/equipment: nothing to draw when no machine was observed under the filters. */
export default function EquipmentPage() {
  return (
    <DashboardScreen
      name="equipment"
      titleKey="dash:routes.equipment.title"
      bucketed
      isEmpty={(answer) => answer.observations === 0}
    >
      {(answer) => <EquipmentView answer={answer} />}
    </DashboardScreen>
  );
}
