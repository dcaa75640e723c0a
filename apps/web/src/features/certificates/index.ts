import './certificates.css';

export { MyCertificates } from './my-certificates';
export { VerifyPage } from './verify-page';
