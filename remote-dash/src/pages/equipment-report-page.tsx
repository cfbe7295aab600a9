import { ReportScreen } from '../features/reports/report-screen';
import { equipmentReport } from '../features/reports/reports';

export default function EquipmentReportPage() {
  return <ReportScreen report={equipmentReport} />;
}
