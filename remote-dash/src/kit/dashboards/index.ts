/** The Dashboards screens' kit (docs/frontend.md, "Dashboards"): one import for a screen. */
export * from './chart';
export * from './class-colours';
export * from './dashboard-screen';
export * from './figure-card';
export * from './figure-table';
export * from './kpi';
export * from './series';
export * from './use-dashboard';
export * from './use-locale';
export * from './layout';
export * from './class-kpis';
export * from './rank';
export * from './view-switch';
export * from './interval-rank';
export * from './share-tooltip';
export * from './print';
export * from './print-header';
