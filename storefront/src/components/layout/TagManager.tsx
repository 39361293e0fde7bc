import { useAtomValue } from 'jotai';
import { useEffect } from 'react';

import { useSite } from '../../state';
import { consentChoiceAtom } from './consent';

/** The tag manager's script (Google Tag Manager); loaded once, after hydration. */
export const TAG_MANAGER_URL = 'https://www.googletagmanager.com/gtm.js';
const SCRIPT_ID = 'hb-tag-manager';

/**
 * Loads the tag manager, and so sends anything to a third party, only when the site has a tag
 * manager key and the visitor consented to statistics or marketing cookies. Until then the data
 * layer only collects (consent mode: denied by default, lib/analytics.ts).
 */
export function TagManager() {
  const site = useSite();
  const consent = useAtomValue(consentChoiceAtom);
  const key = site.tagManagerId;
  const allowed = consent !== null && (consent.analytics || consent.marketing);
  useEffect(() => {
    if (!key || !allowed || document.getElementById(SCRIPT_ID)) return;
    window.dataLayer ??= [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `${TAG_MANAGER_URL}?id=${encodeURIComponent(key)}`;
    document.head.appendChild(script);
  }, [key, allowed]);
  return null;
}
