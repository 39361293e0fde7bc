/** Accepting an invitation: two-factor set-up, password, and the recovery codes shown once. */
export { InvitationPage } from './InvitationPage';
