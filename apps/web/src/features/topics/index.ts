export { TopicGroupPage } from './components/topic-group-page';
export { TopicHome } from './components/topic-home';
export { TopicLayout } from './components/topic-layout';
export { TopicOtherTopics } from './components/topic-other-topics';
export { OthersPage, TopicsPage } from './components/topics-page';
