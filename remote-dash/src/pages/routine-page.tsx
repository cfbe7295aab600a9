import { RoutineScreen } from '../features/routine/routine-screen';

export default function RoutinePage() {
  return <RoutineScreen />;
}
