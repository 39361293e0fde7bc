/** Inviting a staff member (`POST /api/backoffice/staff`): the server mails the invitation link. */
import { useState, type FormEvent } from 'react';

import { inviteStaff } from '../../api/backoffice';
import { STAFF_LANGUAGES, type RoleView, type StaffLanguage, type StaffMember, type StaffRole } from '../../api/contract';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormMessage, Select, TextInput } from '../../components/Field';
import { useToast } from '../../components/Toast';
import { currentLanguage, useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { parseSites } from '../../lib/format';
import { LANGUAGE_LABELS, ROLE_LABELS } from '../../lib/labels';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function InviteDialog({ roles, onInvited, onClose }: { roles: RoleView[]; onInvited: (member: StaffMember) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [name, setName] = useState('');
  const [emailAddress, setEmailAddress] = useState('');
  const [role, setRole] = useState<StaffRole>(roles[0]?.role ?? 'customerService');
  const [sites, setSites] = useState('');
  const [language, setLanguage] = useState<StaffLanguage>(currentLanguage());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = (): Record<string, string> => ({
    ...(name.trim() ? {} : { name: t('validation.required') }),
    ...(EMAIL.test(emailAddress.trim()) ? {} : { emailAddress: emailAddress.trim() ? t('validation.emailAddress') : t('validation.required') }),
    ...(parseSites(sites) ? {} : { sites: t('validation.sites') }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const member = await inviteStaff({ name: name.trim(), emailAddress: emailAddress.trim(), role, sites: parseSites(sites) ?? [], language });
      toast.show(t('staff.invited', { name: member.name }));
      onInvited(member);
    } catch (error) {
      setBusy(false);
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
    }
  };
  return (
    <Dialog
      title={t('staff.invite')}
      onClose={onClose}
      locked={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="invite-staff" busy={busy}>
            {t('staff.send')}
          </Button>
        </>
      }
    >
      <form id="invite-staff" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('staff.inviteIntro')}</p>
        <FormMessage kind="error">{failure}</FormMessage>
        <TextInput
          label={t('staff.name')}
          name="name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          required
        />
        <TextInput
          label={t('staff.emailAddress')}
          name="emailAddress"
          type="email"
          autoComplete="off"
          value={emailAddress}
          onChange={(event) => setEmailAddress(event.target.value)}
          error={errors.emailAddress}
          required
        />
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
        <Select
          label={t('staff.language')}
          options={STAFF_LANGUAGES.map((code) => ({ value: code, label: t(LANGUAGE_LABELS[code]) }))}
          value={language}
          onChange={(event) => setLanguage(event.target.value as StaffLanguage)}
        />
      </form>
    </Dialog>
  );
}
