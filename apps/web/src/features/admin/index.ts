export { AdminRoutes } from './shell/admin-routes';
