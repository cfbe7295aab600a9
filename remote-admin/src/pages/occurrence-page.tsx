import { ResourceScreen } from '@canteiro/shared/ui';
import { occurrenceResource } from '../features/resources/people';

export default function OccurrencePage() {
  return <ResourceScreen resource={occurrenceResource} />;
}
