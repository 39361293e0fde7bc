/** The staff member's own profile: language, sessions, sign-in history. */
export { ProfilePage } from './ProfilePage';
