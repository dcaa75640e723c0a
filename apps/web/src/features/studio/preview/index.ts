export { PreviewLayout } from './components/preview-layout';
