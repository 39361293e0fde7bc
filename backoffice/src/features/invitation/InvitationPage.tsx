/**
 * Accepting an invitation (`/admin/invitation/:token`, the link of the invitation mail): the
 * new staff member adds the shown secret to an authenticator app (as text and as the otpauth
 * link, no QR code), chooses a password and confirms a first code; the server answers the
 * recovery codes, shown here once.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { getInvitation } from '../../api/backoffice';
import type { Invitation } from '../../api/contract';
import { ErrorState, Loading } from '../../components/States';
import { PageTitle } from '../../components/Page';
import { useTranslation } from '../../i18n';
import { hasStatus } from '../../lib/apiErrors';
import { PATHS } from '../../lib/paths';
import { useAsync } from '../../lib/useAsync';
import { AcceptForm } from './AcceptForm';
import styles from './Invitation.module.css';
import { RecoveryCodesView } from './RecoveryCodesView';

export function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invitation = useAsync((signal) => getInvitation(token, signal), [token]);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <p className={styles.brand}>{t('app.name')}</p>
        {codes ? <RecoveryCodesView codes={codes} /> : <PageTitle>{t('invitation.title')}</PageTitle>}
        {!codes && <Body state={invitation.state} onRetry={invitation.reload} token={token} onAccepted={setCodes} />}
      </main>
    </div>
  );
}

interface BodyProps {
  state: ReturnType<typeof useAsync<Invitation>>['state'];
  onRetry: () => void;
  token: string;
  onAccepted: (codes: string[]) => void;
}

function Body({ state, onRetry, token, onAccepted }: BodyProps) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') {
    // Unknown, used or expired: asking again does not help, a new invitation does.
    if (hasStatus(state.error, 404))
      return <ErrorState message={t('errors.invitationNotFound')} action={<Link to={PATHS.signIn}>{t('errors.toSignIn')}</Link>} />;
    return <ErrorState error={state.error} onRetry={onRetry} />;
  }
  return <AcceptForm invitation={state.data} token={token} onAccepted={onAccepted} />;
}
