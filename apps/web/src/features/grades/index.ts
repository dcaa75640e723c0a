export { ReportCard } from './components/report-card';
