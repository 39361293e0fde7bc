/** The staff member's own profile: details, the language of the app, sessions and sign-in history. */
import { setMyLanguage } from '../../api/backoffice';
import { Select } from '../../components/Field';
import { PageTitle } from '../../components/Page';
import { changeLanguage, currentLanguage, isLanguage, LANGUAGES, useTranslation } from '../../i18n';
import { formatSites } from '../../lib/format';
import { LANGUAGE_LABELS, ROLE_LABELS } from '../../lib/labels';
import { useSession } from '../../lib/session';
import styles from './Profile.module.css';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';
import { SignInHistory } from './SignInHistory';

export function ProfilePage() {
  const { t } = useTranslation();
  const { me } = useSession();
  return (
    <>
      <PageTitle>{t('profile.title')}</PageTitle>
      <section aria-labelledby="profile-details">
        <h2 id="profile-details">{t('profile.details')}</h2>
        <dl className={styles.details}>
          <dt>{t('profile.name')}</dt>
          <dd>{me.name}</dd>
          <dt>{t('profile.emailAddress')}</dt>
          <dd>{me.emailAddress}</dd>
          <dt>{t('profile.role')}</dt>
          <dd>{t(ROLE_LABELS[me.role])}</dd>
          <dt>{t('profile.sites')}</dt>
          <dd>{formatSites(me.sites, t('common.everySite'))}</dd>
        </dl>
        <LanguageSwitch staffId={me.staffId} />
      </section>
      <PasskeysSection />
      <SessionsSection />
      <SignInHistory />
    </>
  );
}

/**
 * The app's language for this staff member in this browser. It applies at once; the account's
 * language (set by whoever manages staff) is the default on other browsers.
 */
function LanguageSwitch({ staffId }: { staffId: string }) {
  const { t } = useTranslation();
  const options = LANGUAGES.map((code) => ({ value: code, label: t(LANGUAGE_LABELS[code]) }));
  return (
    <div className={styles.language}>
      <Select
        label={t('profile.language')}
        help={t('profile.languageHelp')}
        options={options}
        value={currentLanguage()}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          void changeLanguage(language, staffId);
          // The account keeps it too; when that fails, this browser still remembers it.
          setMyLanguage(language).catch(() => undefined);
        }}
      />
    </div>
  );
}
