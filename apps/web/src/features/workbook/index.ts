export { WorkbookProvider } from './components/workbook-provider';
