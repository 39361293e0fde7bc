/** What a role may do, from the signed-in staff member's `permissions`. */
import type { Permission, StaffMe } from '../api/contract';

export function can(me: Pick<StaffMe, 'permissions'> | null | undefined, permission: Permission | undefined): boolean {
  if (!permission) return true;
  return me?.permissions.includes(permission) ?? false;
}
