/** Signing in (two steps: password, then the app's code or a recovery code). */
export { SignInPage } from './SignInPage';
