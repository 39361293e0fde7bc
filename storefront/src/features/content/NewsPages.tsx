import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { NewsArticle, NewsPage } from '../../api/content';
import { Markdown } from '../../components/content/Markdown';
import { Page } from '../../components/layout/Page';
import { formatDate, withPaging } from '../../engine';
import { paths } from '../../lib/paths';
import styles from './Content.module.css';
import { bodyAfterLead } from './lead';

function PublishedOn({ date }: { date: string }) {
  const { t } = useTranslation();
  const shown = formatDate({ date }).text;
  return (
    <p className={styles.meta}>
      <time dateTime={date}>{t('news.publishedOn', { date: shown })}</time>
    </p>
  );
}

/** `/media/`: the news, newest first, a page at a time (`?p=`), each item linking to its page. */
export function NewsIndexPage({ news }: { news: NewsPage }) {
  const { t } = useTranslation();
  // The page size stays in the links, so a visitor who chose `?ps=` keeps it while paging.
  const pageLink = (page: number) => withPaging({ url: paths.media, page, pageSize: news.pageSize }).url;
  return (
    <Page title={t('news.title')} testId="page-media">
      {news.items.length === 0 ? (
        <p>{t('errors.noResults')}</p>
      ) : (
        <ul className={styles.newsList}>
          {news.items.map((item) => (
            <li key={item.newsItemId} className={styles.newsItem}>
              <article>
                <h2>{item.url ? <Link to={item.url}>{item.title}</Link> : item.title}</h2>
                <PublishedOn date={item.date} />
                {item.summary && <p>{item.summary}</p>}
                {item.url && (
                  <Link to={item.url} aria-hidden="true" tabIndex={-1}>
                    {t('news.readMore')}
                  </Link>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      {news.pageCount > 1 && (
        <nav className={styles.paging} aria-label={t('news.title')}>
          {news.page > 1 && (
            <Link to={pageLink(news.page - 1)} rel="prev" aria-label={t('pagination.pageOf', { page: news.page - 1, pages: news.pageCount })}>
              <ChevronLeft className={styles.pagingIcon} aria-hidden="true" focusable="false" />
              {news.page - 1}
            </Link>
          )}
          <span aria-current="page">
            {news.page} / {news.pageCount}
          </span>
          {news.page < news.pageCount && (
            <Link to={pageLink(news.page + 1)} rel="next" aria-label={t('pagination.pageOf', { page: news.page + 1, pages: news.pageCount })}>
              {news.page + 1}
              <ChevronRight className={styles.pagingIcon} aria-hidden="true" focusable="false" />
            </Link>
          )}
        </nav>
      )}
    </Page>
  );
}

/** A news item's own page: the lead once, then what the body adds to it. */
export function NewsArticlePage({ article }: { article: NewsArticle }) {
  const { t } = useTranslation();
  const body = bodyAfterLead(article.body, article.summary);
  return (
    <Page title={article.title ?? t('news.title')} testId="page-media-item">
      <div className={styles.article}>
        <PublishedOn date={article.date} />
        {article.image && <img src={article.image} alt="" width={800} height={450} />}
        {article.summary && (
          <p>
            <strong>{article.summary}</strong>
          </p>
        )}
        {body && <Markdown source={body} />}
        <p>
          <Link to={paths.media}>{t('news.backToOverview')}</Link>
        </p>
      </div>
    </Page>
  );
}
