import './studio.css';

export { StudioRoutes } from './shell/studio-routes';
