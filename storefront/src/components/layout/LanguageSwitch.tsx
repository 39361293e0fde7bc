import { useAtomValue, useSetAtom } from 'jotai';

import { useTranslation } from '../../i18n/useTranslation';
import { rememberLanguage } from '../../lib/cookies';
import { cultureAtom, languageIdAtom, useSite } from '../../state';

/** The site's languages; a choice is stored and the page reloads in that language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const site = useSite();
  const culture = useAtomValue(cultureAtom);
  const setLanguageId = useSetAtom(languageIdAtom);
  if (site.languages.length < 2) return null;
  const current = site.languages.find((language) => language.culture === culture);
  return (
    <select
      aria-label={t('localization.language')}
      value={current?.languageId ?? ''}
      onChange={(event) => {
        setLanguageId(Number(event.target.value));
        // The server renders the reloaded page in the chosen language.
        rememberLanguage(site.siteId, Number(event.target.value));
        window.location.reload();
      }}
      data-testid="language-switch"
    >
      {site.languages.map((language) => (
        <option key={language.languageId} value={language.languageId}>
          {language.localizedName}
        </option>
      ))}
    </select>
  );
}
