/**
 * The guard of the signed-in part of the app (its route's loader): a visitor nobody has signed
 * in is sent to the sign-in page, which brings them back to the page asked for afterwards; a
 * signed-in staff member's language is set before the page shows.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';

import type { StaffMe } from '../api/contract';
import { initI18n, languageOf } from '../i18n';
import { appPath, signInPath } from './paths';
import { loadSession } from './session';

export async function requireSession({ request }: LoaderFunctionArgs): Promise<StaffMe> {
  const me = await loadSession();
  if (!me) {
    const url = new URL(request.url);
    throw redirect(signInPath(`${appPath(url.pathname)}${url.search}`));
  }
  await initI18n(languageOf(me));
  return me;
}
