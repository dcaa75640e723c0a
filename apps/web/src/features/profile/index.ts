import './profile.css';

export { ProfilePage } from './components/profile-page';
