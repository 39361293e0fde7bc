/** Changing a staff member's role, sites and whether they may sign in (`PUT /api/backoffice/staff/{id}`). */
import { useState, type FormEvent } from 'react';

import { updateStaff } from '../../api/backoffice';
import type { RoleView, StaffMember, StaffRole } from '../../api/contract';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { EntityHistory } from '../../components/EntityHistory';
import { Checkbox, FormMessage, Select, TextInput } from '../../components/Field';
import { useToast } from '../../components/Toast';
import { useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { parseSites } from '../../lib/format';
import { ROLE_LABELS } from '../../lib/labels';

export interface EditStaffDialogProps {
  member: StaffMember;
  roles: RoleView[];
  onSaved: (member: StaffMember) => void;
  onClose: () => void;
}

export function EditStaffDialog({ member, roles, onSaved, onClose }: EditStaffDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [sites, setSites] = useState(member.sites.join(', '));
  const [active, setActive] = useState(member.status !== 'disabled');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSites(sites);
    setErrors(parsed ? {} : { sites: t('validation.sites') });
    setFailure(null);
    if (!parsed) return;
    setBusy(true);
    try {
      const saved = await updateStaff(member.staffId, { role, sites: parsed, active });
      toast.show(t('staff.saved', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      setBusy(false);
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
    }
  };
  return (
    <Dialog
      title={t('staff.editTitle', { name: member.name })}
      onClose={onClose}
      locked={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="edit-staff" busy={busy}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form id="edit-staff" onSubmit={(event) => void submit(event)} noValidate>
        <FormMessage kind="error">{failure}</FormMessage>
        <Select
          label={t('staff.role')}
          options={roles.map((view) => ({ value: view.role, label: t(ROLE_LABELS[view.role]) }))}
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
        />
        <TextInput
          label={t('staff.sites')}
          name="sites"
          inputMode="numeric"
          help={t('staff.sitesHelp')}
          value={sites}
          onChange={(event) => setSites(event.target.value)}
          error={errors.sites}
        />
        <Checkbox label={t('staff.active')} checked={active} onChange={setActive} name="active" />
      </form>
      <EntityHistory entityType="staff" entityId={member.staffId} />
    </Dialog>
  );
}
