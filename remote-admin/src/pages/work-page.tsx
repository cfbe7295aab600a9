import { ResourceScreen } from '@canteiro/shared/ui';
import { workResource } from '../features/resources/organisation';

export default function WorkPage() {
  return <ResourceScreen resource={workResource} />;
}
