import { Col, Row } from 'antd';
import { dashboardTable } from '@canteiro/shared/domain';
import type { FigureTableKey, PerformanceDashboard } from '@canteiro/shared/domain';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { ActivityStatus } from './activity-status';
import { AddedValueChart, ProductivityChart } from './productivity-chart';

/** Two cards a row from 992 px (antd's lg): 1064 and 1440 px alike. */
const HALF = { xs: 24, lg: 12 } as const;

/**
 * The Performance dashboard (spec §2, DOMAIN.md §3) from one answer: the activities' status,
 * productivity by package and by local against the plan, the distribution of added value,
 * and each activity's planned and actual RUP.
 */
export function PerformanceView({ answer }: { answer: PerformanceDashboard }) {
  const table = (key: FigureTableKey) => dashboardTable('performance', answer, key);
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <ActivityStatus table={table('activityStatus')} />
      </Col>
      <Col {...HALF}>
        <ProductivityChart table={table('byPackage')} dimension="package" />
      </Col>
      <Col {...HALF}>
        <ProductivityChart table={table('byLocal')} dimension="local" />
      </Col>
      <Col {...HALF}>
        <AddedValueChart table={table('addedValueByPackage')} dimension="package" />
      </Col>
      <Col {...HALF}>
        <AddedValueChart table={table('addedValueByLocal')} dimension="local" />
      </Col>
      <Col span={24}>
        <FigureCard table={table('activities')} showTable="open" />
      </Col>
    </Row>
  );
}

/** Nothing to show: no activity row nor production under the filters, and no active activity. */
export function performanceIsEmpty(answer: PerformanceDashboard): boolean {
  const { finished, late, inTerm } = answer.activityStatus;
  return (
    answer.activities.length === 0 &&
    answer.addedValue.byPackage.length === 0 &&
    answer.addedValue.byLocal.length === 0 &&
    finished + late + inTerm === 0
  );
}
