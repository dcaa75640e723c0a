export { PrintTopicPage } from './components/print-topic-page';
