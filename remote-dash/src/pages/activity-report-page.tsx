import { ReportScreen } from '../features/reports/report-screen';
import { activityReport } from '../features/reports/reports';

export default function ActivityReportPage() {
  return <ReportScreen report={activityReport} />;
}
