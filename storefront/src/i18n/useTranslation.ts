/**
 * The `useTranslation` of every component: react-i18next's in the browser; on the server one
 * answer per i18next instance. A server-rendered page has an instance fixed to its culture that
 * never changes language, while react-i18next's hook copies the instance (every property) for
 * each component it renders, a tenth of a page's rendering time.
 */
import { useContext } from 'react';
import { getI18n, I18nContext, useTranslation as useReactI18nextTranslation, type UseTranslationResponse } from 'react-i18next';

type Translation = UseTranslationResponse<'translation', undefined>;

const answers = new WeakMap<object, Translation>();

function useServerTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  let answer = answers.get(i18n);
  if (!answer) {
    const t = i18n.getFixedT(null, 'translation');
    // react-i18next's answer is both a tuple and an object; so is this one.
    answer = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Translation;
    answers.set(i18n, answer);
  }
  return answer;
}

function useBrowserTranslation(): Translation {
  return useReactI18nextTranslation();
}

export const useTranslation: () => Translation = typeof window === 'undefined' ? useServerTranslation : useBrowserTranslation;
