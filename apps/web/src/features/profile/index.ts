import './profile.css';

export { ConfirmEmailPage } from './components/confirm-email-page';
export { ProfilePage } from './components/profile-page';
