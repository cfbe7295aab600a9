import { ResourceScreen } from '@canteiro/shared/ui';
import { userResource } from '../features/resources/people';

export default function UserPage() {
  return <ResourceScreen resource={userResource} />;
}
