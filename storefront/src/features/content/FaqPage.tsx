import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { Faq } from '../../api/content';
import { Markdown } from '../../components/content/Markdown';
import { Page } from '../../components/layout/Page';
import styles from './Content.module.css';

/** The questions whose question or answer contain every word of the search, per category. */
function matching(faq: Faq, search: string, locale: string): Faq['categories'] {
  const words = search.toLocaleLowerCase(locale).split(/\s+/).filter(Boolean);
  if (words.length === 0) return faq.categories;
  return faq.categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => {
        const text = `${item.question ?? ''} ${item.answer ?? ''}`.toLocaleLowerCase(locale);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((category) => category.items.length > 0);
}

/**
 * The FAQ page: the page's text, a search within the questions, and the questions grouped by
 * category, each one expandable (`<details>`, so they open without JavaScript too), with a link
 * to the question's own path, which opens the page with that question expanded.
 */
export function FaqPage({ title, intro, faq, openItemId }: { title: string; intro?: string; faq: Faq; openItemId: number | null }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const categories = useMemo(() => matching(faq, search, i18n.language), [faq, search, i18n.language]);
  return (
    <Page title={title} testId="page-faq">
      {intro && <Markdown source={intro} />}
      <div className={styles.search} role="search">
        <label htmlFor={searchId}>{t('faq.searchPlaceholder')}</label>
        <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {categories.map((category) => (
        <section key={category.faqCategoryId} className={styles.category} aria-label={category.title ?? undefined}>
          {category.title && <h2>{category.title}</h2>}
          {category.items.map((item) => (
            <details key={item.faqItemId} id={`faq-${item.faqItemId}`} className={styles.question} open={item.faqItemId === openItemId || undefined}>
              <summary>{item.question}</summary>
              {item.answer && <Markdown source={item.answer} />}
              {item.url && (
                <p>
                  <Link to={item.url} data-testid="faq-question-link">
                    {t('faq.questionLink')}
                  </Link>
                </p>
              )}
            </details>
          ))}
        </section>
      ))}
      {categories.length === 0 && <p role="status">{t('faq.notFound')}</p>}
      {categories.length > 0 && <p>{t('faq.notFound')}</p>}
    </Page>
  );
}
