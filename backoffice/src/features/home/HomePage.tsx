/** The first screen after signing in: a welcome, no figures (the reports come later, from real data). */
import { PageTitle } from '../../components/Page';
import { useTranslation } from '../../i18n';
import { ROLE_LABELS } from '../../lib/labels';
import { paletteShortcut } from '../../lib/platform';
import { useSession } from '../../lib/session';

export function HomePage() {
  const { t } = useTranslation();
  const { me } = useSession();
  return (
    <>
      <PageTitle>{t('home.title', { name: me.name })}</PageTitle>
      <p>{t('home.intro', { shortcut: paletteShortcut() })}</p>
      <p>{t('home.role', { role: t(ROLE_LABELS[me.role]) })}</p>
    </>
  );
}
