/** Creating an integration key with a name, chosen permissions and sites (`POST /api/backoffice/keys`). */
import { useState, type FormEvent } from 'react';

import { createKey } from '../../api/backoffice';
import { PERMISSIONS, type NewIntegrationKey, type Permission } from '../../api/contract';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Checkbox, CheckboxGroup, FormMessage, TextInput } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { parseSites } from '../../lib/format';
import { PERMISSION_LABELS } from '../../lib/labels';

export function CreateKeyDialog({ onCreated, onClose }: { onCreated: (answer: NewIntegrationKey) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [sites, setSites] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (permission: Permission, on: boolean) =>
    setPermissions((current) => PERMISSIONS.filter((candidate) => (candidate === permission ? on : current.includes(candidate))));
  const check = (): Record<string, string> => ({
    ...(name.trim() ? {} : { name: t('validation.required') }),
    ...(permissions.length > 0 ? {} : { permissions: t('validation.permissions') }),
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
      onCreated(await createKey({ name: name.trim(), permissions, sites: parseSites(sites) ?? [] }));
    } catch (error) {
      setBusy(false);
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
    }
  };
  return (
    <Dialog
      title={t('keys.create')}
      onClose={onClose}
      locked={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="create-key" busy={busy}>
            {t('keys.create')}
          </Button>
        </>
      }
    >
      <form id="create-key" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('keys.createIntro')}</p>
        <FormMessage kind="error">{failure}</FormMessage>
        <TextInput
          label={t('keys.name')}
          name="name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          required
        />
        <CheckboxGroup legend={t('keys.permissions')} error={errors.permissions}>
          {PERMISSIONS.map((permission) => (
            <Checkbox
              key={permission}
              label={t(PERMISSION_LABELS[permission])}
              checked={permissions.includes(permission)}
              onChange={(on) => toggle(permission, on)}
            />
          ))}
        </CheckboxGroup>
        <TextInput
          label={t('keys.sites')}
          name="sites"
          inputMode="numeric"
          help={t('staff.sitesHelp')}
          value={sites}
          onChange={(event) => setSites(event.target.value)}
          error={errors.sites}
        />
      </form>
    </Dialog>
  );
}
