import './groups.css';

export { GroupPage } from './components/group-page';
