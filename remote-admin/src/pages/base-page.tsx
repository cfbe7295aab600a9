import { ResourceScreen } from '@canteiro/shared/ui';
import { baseResource } from '../features/resources/organisation';

export default function BasePage() {
  return <ResourceScreen resource={baseResource} />;
}
