/** Staff and roles: the list, inviting, changing role, sites and access. */
export { StaffPage } from './StaffPage';
