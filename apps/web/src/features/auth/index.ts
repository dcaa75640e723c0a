import './auth.css';

export { ForgotPage } from './components/forgot-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { SignInPage } from './components/signin-page';
export { SignUpPage } from './components/signup-page';
