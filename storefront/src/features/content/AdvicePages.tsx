import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { AdviceArticle, AdviceCategories, AdviceVideo } from '../../api/content';
import { Markdown } from '../../components/content/Markdown';
import { consentChoiceAtom, consentOpenAtom } from '../../components/layout/consent';
import { Page } from '../../components/layout/Page';
import { formatDate } from '../../engine';
import styles from './Content.module.css';
import { bodyAfterLead } from './lead';

type Category = AdviceCategories['categories'][number];

function dateText(date: string): string {
  try {
    return formatDate({ date }).text;
  } catch {
    return date;
  }
}

/** The embed addresses of the video hosts the shop knows (privacy-enhanced where the host has one). */
const EMBEDS: Record<string, (id: string) => string> = {
  youtube: (id) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`,
  vimeo: (id) => `https://player.vimeo.com/video/${encodeURIComponent(id)}?dnt=1`,
};

/**
 * True for a video of a host the shop can embed; the demo's `placeholder` videos (and any host
 * the shop does not know) have no player.
 */
function hasPlayer(video: Pick<AdviceVideo, 'videoProvider'>): boolean {
  return Object.hasOwn(EMBEDS, video.videoProvider);
}

/** A category's articles and the videos that can be played, each a link to its page. */
function CategoryItems({ category }: { category: Category }) {
  const { t } = useTranslation();
  // A video without a player would only say that it is not available: it is not promoted.
  const videos = category.videos.filter(hasPlayer);
  if (category.articles.length === 0 && videos.length === 0) return <p data-testid="advice-empty">{t('advice.empty')}</p>;
  return (
    <>
      {category.articles.length > 0 && (
        <section aria-labelledby={`advice-articles-${category.adviceCategoryId}`}>
          <h3 id={`advice-articles-${category.adviceCategoryId}`}>{t('advice.articles')}</h3>
          <ul className={styles.newsList}>
            {category.articles.map((article) => (
              <li key={article.adviceArticleId} data-testid="advice-article">
                <h4>{article.url ? <Link to={article.url}>{article.title}</Link> : article.title}</h4>
                <p className={styles.meta}>
                  <time dateTime={article.date}>{dateText(article.date)}</time>
                </p>
                {article.summary && <p>{article.summary}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {videos.length > 0 && (
        <section aria-labelledby={`advice-videos-${category.adviceCategoryId}`}>
          <h3 id={`advice-videos-${category.adviceCategoryId}`}>{t('advice.videos')}</h3>
          <ul className={styles.newsList}>
            {videos.map((video) => (
              <li key={video.adviceVideoId} data-testid="advice-video">
                <h4>{video.url ? <Link to={video.url}>{video.title}</Link> : video.title}</h4>
                {video.description && <p>{video.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * An advice category (`categoryId`) with its articles and videos, or the advice overview (no id,
 * or 0) with every category.
 */
export function AdviceCategoryPage({ title, advice, categoryId }: { title: string; advice: AdviceCategories; categoryId: number | null }) {
  const { t } = useTranslation();
  const category = categoryId ? advice.categories.find((candidate) => candidate.adviceCategoryId === categoryId) : undefined;
  if (category) {
    return (
      <Page title={category.title ?? title} testId="page-adviceCategory">
        {advice.url && (
          <p>
            <Link to={advice.url}>{t('advice.overview')}</Link>
          </p>
        )}
        <CategoryItems category={category} />
      </Page>
    );
  }
  return (
    <Page title={title || t('advice.overview')} testId="page-adviceCategory">
      {advice.categories.length === 0 && <p data-testid="advice-empty">{t('advice.empty')}</p>}
      {advice.categories.map((item) => (
        <section key={item.adviceCategoryId} aria-labelledby={`advice-category-${item.adviceCategoryId}`} data-testid="advice-category">
          <h2 id={`advice-category-${item.adviceCategoryId}`}>{item.url ? <Link to={item.url}>{item.title}</Link> : item.title}</h2>
          <CategoryItems category={item} />
        </section>
      ))}
    </Page>
  );
}

/** An advice article: its date, the lead once, then what the body adds to it. */
export function AdviceArticlePage({ article }: { article: AdviceArticle }) {
  const body = bodyAfterLead(article.body, article.summary);
  return (
    <Page title={article.title ?? ''} testId="page-adviceArticle">
      <p className={styles.meta}>
        <time dateTime={article.date}>{dateText(article.date)}</time>
      </p>
      {article.summary && <p>{article.summary}</p>}
      {body && <Markdown source={body} />}
    </Page>
  );
}

/**
 * The player: a poster (title and description, no request to the host) until the visitor has
 * consented to marketing cookies and presses play; only then the host's player is embedded. A
 * video without a known host (the demo's placeholders) stays a poster.
 */
function VideoPlayer({ video }: { video: AdviceVideo }) {
  const { t } = useTranslation();
  const consent = useAtomValue(consentChoiceAtom);
  const openConsent = useSetAtom(consentOpenAtom);
  const [playing, setPlaying] = useState(false);
  const embed = hasPlayer(video) ? EMBEDS[video.videoProvider] : undefined;
  const allowed = consent?.marketing === true;
  if (embed && allowed && playing) {
    return (
      <div className={styles.video} data-testid="video-embed">
        <iframe src={embed(video.videoId)} title={video.title ?? ''} allow="fullscreen; picture-in-picture" loading="lazy" />
      </div>
    );
  }
  return (
    <div className={styles.poster} data-testid="video-poster">
      <p className={styles.posterTitle}>{video.title}</p>
      {!embed ? (
        <p>{t('advice.unavailable')}</p>
      ) : allowed ? (
        <button type="button" onClick={() => setPlaying(true)} data-testid="video-play">
          {t('advice.play')}
        </button>
      ) : (
        <>
          <p>{t('advice.consentNeeded')}</p>
          <button type="button" onClick={() => openConsent(true)} data-testid="video-consent">
            {t('advice.openSettings')}
          </button>
        </>
      )}
    </div>
  );
}

/** An advice video: the player (a poster until consent) and its description. */
export function AdviceVideoPage({ video }: { video: AdviceVideo }) {
  return (
    <Page title={video.title ?? ''} testId="page-adviceVideo">
      <VideoPlayer video={video} />
      {video.description && <p>{video.description}</p>}
    </Page>
  );
}
