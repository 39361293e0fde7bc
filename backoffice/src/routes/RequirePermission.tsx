/**
 * A screen that needs a permission, or any one of a list: without it the staff member reads that
 * their role gives no access (the menu does not offer it either; the server refuses the calls all
 * the same).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { PageTitle } from '../components/Page';
import { ErrorState } from '../components/States';
import { useTranslation } from '../i18n';
import { PATHS } from '../lib/paths';
import { can, type PermissionNeed } from '../lib/permissions';
import { useSession } from '../lib/session';

export function RequirePermission({ permission, children }: { permission: PermissionNeed; children: ReactNode }) {
  const { t } = useTranslation();
  const { me } = useSession();
  if (can(me, permission)) return <>{children}</>;
  return (
    <>
      <PageTitle>{t('errors.notPermittedTitle')}</PageTitle>
      <ErrorState message={t('errors.notPermitted')} action={<Link to={PATHS.home}>{t('errors.toHome')}</Link>} />
    </>
  );
}
