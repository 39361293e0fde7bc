/**
 * Staff and roles (needs `staff.manage`): who works in the back office, inviting someone, and
 * changing a staff member's role, sites or whether they may sign in; beneath, what each role may do.
 */
import { UserPlus } from 'lucide-react';
import { useState } from 'react';

import { listRoles, listStaff } from '../../api/backoffice';
import type { RoleView, StaffMember } from '../../api/contract';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { PageTitle } from '../../components/Page';
import { AsyncView } from '../../components/States';
import { useTranslation } from '../../i18n';
import { PERMISSION_LABELS, ROLE_LABELS } from '../../lib/labels';
import { useAsync } from '../../lib/useAsync';
import { EditStaffDialog } from './EditStaffDialog';
import { InviteDialog } from './InviteDialog';
import styles from './Staff.module.css';
import { useStaffColumns } from './staffColumns';

interface StaffData {
  staff: StaffMember[];
  roles: RoleView[];
}

const loadStaff = async (signal: AbortSignal): Promise<StaffData> => {
  const [staff, roles] = await Promise.all([listStaff(signal), listRoles(signal)]);
  return { staff, roles };
};

export function StaffPage() {
  const { t } = useTranslation();
  const data = useAsync(loadStaff);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const columns = useStaffColumns(setEditing);
  // A new or changed staff member as the server answered it, without loading the list again.
  const put = (member: StaffMember) =>
    data.update((current) => {
      const known = current.staff.some((row) => row.staffId === member.staffId);
      return { ...current, staff: known ? current.staff.map((row) => (row.staffId === member.staffId ? member : row)) : [...current.staff, member] };
    });
  return (
    <>
      <PageTitle>{t('staff.title')}</PageTitle>
      <AsyncView state={data.state} onRetry={data.reload}>
        {({ staff, roles }) => (
          <>
            <div className={styles.top}>
              <p>{t('staff.intro')}</p>
              <Button icon={<UserPlus aria-hidden="true" size={20} />} onClick={() => setInviting(true)}>
                {t('staff.invite')}
              </Button>
            </div>
            <DataTable label={t('staff.tableLabel')} columns={columns} rows={staff} rowKey={(row) => row.staffId} empty={<p>{t('staff.empty')}</p>} />
            <RolesList roles={roles} />
            {inviting && (
              <InviteDialog
                roles={roles}
                onInvited={(member) => {
                  put(member);
                  setInviting(false);
                }}
                onClose={() => setInviting(false)}
              />
            )}
            {editing && (
              <EditStaffDialog
                member={editing}
                roles={roles}
                onSaved={(member) => {
                  put(member);
                  setEditing(null);
                }}
                onClose={() => setEditing(null)}
              />
            )}
          </>
        )}
      </AsyncView>
    </>
  );
}

function RolesList({ roles }: { roles: RoleView[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.roles} aria-labelledby="staff-roles">
      <h2 id="staff-roles">{t('staff.roles')}</h2>
      <dl>
        {roles.map((role) => (
          <div key={role.role}>
            <dt>{t(ROLE_LABELS[role.role])}</dt>
            <dd>{role.permissions.map((permission) => t(PERMISSION_LABELS[permission])).join(', ')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
