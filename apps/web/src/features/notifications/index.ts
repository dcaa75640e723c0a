import './notifications.css';

export { NotificationPreferencesSection } from './notification-preferences';
export { UnsubscribePage } from './unsubscribe-page';
