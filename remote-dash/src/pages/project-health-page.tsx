import { ProjectHealthScreen } from '../features/project-health/project-health-screen';

export default function ProjectHealthPage() {
  return <ProjectHealthScreen />;
}
