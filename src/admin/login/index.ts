export { LoginPage } from './LoginPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
