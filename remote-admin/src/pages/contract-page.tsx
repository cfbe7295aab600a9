import { ResourceScreen } from '@canteiro/shared/ui';
import { contractResource } from '../features/resources/organisation';

export default function ContractPage() {
  return <ResourceScreen resource={contractResource} />;
}
