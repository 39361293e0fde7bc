/**
 * The main menu: each screen with the permission it needs. The menu shows only what the
 * staff member's role allows; the routes check the same permission (a typed address opens no
 * more than the menu offers).
 */
import type { StaffMe } from '../api/contract';
import type { TranslationKey } from '../i18n';
import { PATHS } from './paths';
import { CATALOG_VIEW, can, type PermissionNeed } from './permissions';

export type NavigationId = 'home' | 'orders' | 'customers' | 'catalog' | 'reviews' | 'staff' | 'keys' | 'audit' | 'profile';

export interface NavigationItem {
  id: NavigationId;
  path: string;
  label: TranslationKey;
  /** The permission it needs; a list: any one of them. */
  permission?: PermissionNeed;
}

export const NAVIGATION: readonly NavigationItem[] = [
  { id: 'home', path: PATHS.home, label: 'nav.home' },
  { id: 'orders', path: PATHS.orders, label: 'nav.orders', permission: 'orders.read' },
  { id: 'customers', path: PATHS.customers, label: 'nav.customers', permission: 'customers.read' },
  { id: 'catalog', path: PATHS.catalog, label: 'nav.catalog', permission: CATALOG_VIEW },
  { id: 'reviews', path: PATHS.reviews, label: 'nav.reviews', permission: 'reviews.moderate' },
  { id: 'staff', path: PATHS.staff, label: 'nav.staff', permission: 'staff.manage' },
  { id: 'keys', path: PATHS.keys, label: 'nav.keys', permission: 'settings.edit' },
  { id: 'audit', path: PATHS.audit, label: 'nav.audit', permission: 'audit.read' },
  { id: 'profile', path: PATHS.profile, label: 'nav.profile' },
];

/** The menu items this staff member's role may open. */
export function navigationFor(me: Pick<StaffMe, 'permissions'>): NavigationItem[] {
  return NAVIGATION.filter((item) => can(me, item.permission));
}
