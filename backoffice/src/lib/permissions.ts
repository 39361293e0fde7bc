/** What a role may do, from the signed-in staff member's `permissions`. */
import type { Permission, StaffMe } from '../api/contract';

/** What a screen or action needs: one permission, or a list of which any one will do. */
export type PermissionNeed = Permission | readonly Permission[];

/** Who changes products, their stock or their prices sees the catalog (the server's rule). */
export const CATALOG_VIEW: readonly Permission[] = ['catalog.edit', 'stock.edit', 'prices.edit'];

export function can(me: Pick<StaffMe, 'permissions'> | null | undefined, permission: PermissionNeed | undefined): boolean {
  if (!permission) return true;
  const anyOf: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  return anyOf.some((one) => me?.permissions.includes(one) ?? false);
}
