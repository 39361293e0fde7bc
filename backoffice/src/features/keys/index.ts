/** Integration keys: list, create (secret shown once), revoke. */
export { KeysPage } from './KeysPage';
