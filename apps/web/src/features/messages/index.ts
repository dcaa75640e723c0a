import './messages.css';

export { MessagesPanel } from './components/messages-panel';
