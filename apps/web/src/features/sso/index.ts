import './sso.css';

export { OAuthCallbackPage } from './components/oauth-callback-page';
export { SsoPage } from './components/sso-page';
