export { TopicPage } from './components/topic-page';
export { VideoThumbnail } from './components/video-thumbnail';
