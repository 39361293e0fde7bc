/**
 * Typed translation keys: `t('some.key')` only compiles for keys of the source catalog (nl).
 */
import 'i18next';

import type nl from './nl.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof nl };
    returnNull: false;
  }
}
