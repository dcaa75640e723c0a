import './studio.css';

export { StudioHome } from './shell/studio-home';
export { StudioTopic } from './shell/studio-topic';
