export { TopicSearch } from './components/topic-search';
