/** Staff members and other answers the tests share. */
import { PERMISSIONS, type Permission, type StaffMe } from '../api/contract';

export function staffMe(permissions: readonly Permission[] = PERMISSIONS, changes: Partial<StaffMe> = {}): StaffMe {
  return {
    staffId: 'st_1',
    emailAddress: 'anna@hoefslag.nl',
    name: 'Anna de Vries',
    role: 'owner',
    permissions: [...permissions],
    sites: [],
    language: 'en',
    ...changes,
  };
}
