import { ReportScreen } from '../features/reports/report-screen';
import { quantityReport } from '../features/reports/reports';

export default function QuantityReportPage() {
  return <ReportScreen report={quantityReport} />;
}
