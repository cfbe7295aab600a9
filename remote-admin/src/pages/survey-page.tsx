import { ResourceScreen } from '@canteiro/shared/ui';
import { surveyResource } from '../features/resources/people';

export default function SurveyPage() {
  return <ResourceScreen resource={surveyResource} />;
}
