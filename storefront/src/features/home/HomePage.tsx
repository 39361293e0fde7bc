import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { AdviceCategories, HomeContent, NewsPage } from '../../api/content';
import { isShop } from '../../api/sites';
import { Markdown } from '../../components/content/Markdown';
import { Page } from '../../components/layout/Page';
import { UspList } from '../../components/layout/Usps';
import { useSiteLayout } from '../../components/layout/siteLayout';
import { AwaitView } from '../../components/ui/AsyncView';
import { Carousel } from '../../components/ui/Carousel';
import { Loading } from '../../components/ui/Loading';
import { Price } from '../../components/ui/Price';
import { StarRating } from '../../components/ui/StarRating';
import { ProductImage, imageUrl } from '../../components/ui/ProductImage';
import { formatDate } from '../../engine';
import { trackEvent, trackingItem } from '../../lib/analytics';
import { paths } from '../../lib/paths';
import { useImpression } from '../../lib/useAnalytics';
import { useSite } from '../../state';
import type { HomeData } from './load';
import styles from './Home.module.css';

type Product = HomeContent['featured'][number];

/** A part of the page that loads on its own: loading (after the pending delay), then its content, or a short note when it failed. */
function Part<T>({ resolve, children }: { resolve: Promise<T>; children: (value: T) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <AwaitView
      resolve={resolve}
      pending={<Loading />}
      rejected={() => (
        <p className={styles.note} role="alert" data-testid="home-part-failed">
          {t('home.loadFailed')}
        </p>
      )}
    >
      {children}
    </AwaitView>
  );
}

function ProductTile({ product, listName, position }: { product: Product; listName: string; position: number }) {
  const item = trackingItem(
    {
      productId: product.productId,
      name: product.name,
      price: product.price,
      brand: product.brand,
      productGroup: product.productGroup,
      variant: product.productVariantId,
    },
    { listName, position },
  );
  useImpression(item);
  return (
    <li className={styles.product} data-testid="home-product" data-product-id={product.productId}>
      <Link to={product.url ?? '#'} onClick={() => trackEvent('select_item', { item_list_name: listName, items: [item] })}>
        <ProductImage image={product.image} alt="" size={320} />
        <h3>{product.name}</h3>
      </Link>
      {product.rating.average && <StarRating rating={product.rating.average} size="small" />}
      <span className={styles.productPrice}>
        <Price amount={product.price} />
      </span>
    </li>
  );
}

/** A titled list of products; an empty list says so. */
function ProductList({ id, title, products }: { id: string; title: string; products: Product[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby={`home-${id}`} data-testid={`home-${id}`}>
      <h2 id={`home-${id}`}>{title}</h2>
      {products.length === 0 ? (
        <p className={styles.note}>{t('home.noProducts')}</p>
      ) : (
        <Carousel labelledBy={`home-${id}`} testId={`home-${id}-carousel`}>
          {products.map((product, index) => (
            <ProductTile key={product.productId} product={product} listName={`home-${id}`} position={index + 1} />
          ))}
        </Carousel>
      )}
    </section>
  );
}

function Hero({ content, fallbackTitle }: { content: HomeContent; fallbackTitle: string }) {
  const { hero } = content;
  return (
    <section className={styles.hero} data-testid="home-hero">
      {/* An image, not a CSS background: the browser finds it in the HTML and fetches it first (the page's largest paint). */}
      {hero.image && <img className={styles.heroImage} src={imageUrl(hero.image)} alt="" fetchPriority="high" />}
      <div className={styles.heroText}>
        <p className={styles.heroTitle}>{hero.title ?? fallbackTitle}</p>
        {hero.text && <p>{hero.text}</p>}
        {hero.link && (
          <Link to={hero.link.url} className={styles.heroButton} data-testid="home-hero-link">
            {hero.link.title ?? hero.link.url}
          </Link>
        )}
      </div>
    </section>
  );
}

/** The home page's tiles: the shop's categories, or on the corporate site the group's brands, each a link to its shop. */
function Tiles({ content, title }: { content: HomeContent; title: string }) {
  if (content.tiles.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-categories" data-testid="home-categories">
      <h2 id="home-categories">{title}</h2>
      <ul className={styles.tiles}>
        {content.tiles.map((tile) => (
          <li key={tile.url}>
            <Link to={tile.url} className={styles.tile}>
              <ProductImage image={tile.image} alt="" size={96} />
              <span>{tile.title ?? tile.url}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function dateText(date: string): string {
  try {
    return formatDate({ date }).text;
  } catch {
    return date;
  }
}

function LatestNews({ news }: { news: NewsPage }) {
  const { t } = useTranslation();
  const items = news.items.slice(0, 3);
  return (
    <section className={styles.section} aria-labelledby="home-news" data-testid="home-news">
      <h2 id="home-news">{t('home.news')}</h2>
      {items.length === 0 ? (
        <p className={styles.note}>{t('home.noNews')}</p>
      ) : (
        <ul className={styles.news}>
          {items.map((item) => (
            <li key={item.newsItemId}>
              <h3>{item.url ? <Link to={item.url}>{item.title}</Link> : item.title}</h3>
              <p className={styles.note}>{dateText(item.date)}</p>
              {item.summary && <p>{item.summary}</p>}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={paths.media}>{t('home.allNews')}</Link>
      </p>
    </section>
  );
}

function AdviceTeaser({ advice }: { advice: AdviceCategories }) {
  const { t } = useTranslation();
  const article = advice.categories.flatMap((category) => category.articles).sort((a, b) => b.date.localeCompare(a.date))[0];
  return (
    <section className={styles.teaser} aria-labelledby="home-advice" data-testid="home-advice">
      <h2 id="home-advice">{t('home.adviceTitle')}</h2>
      <p>{t('home.adviceText')}</p>
      {article?.url && (
        <p>
          <Link to={article.url}>{article.title}</Link>
        </p>
      )}
      {advice.url && (
        <p>
          <Link to={advice.url} className={styles.heroButton}>
            {t('home.adviceLink')}
          </Link>
        </p>
      )}
    </section>
  );
}

function CalculatorTeaser() {
  const { t } = useTranslation();
  return (
    <section className={styles.teaser} aria-labelledby="home-calculator" data-testid="home-calculator">
      <h2 id="home-calculator">{t('home.calculatorTitle')}</h2>
      <p>{t('home.calculatorText')}</p>
      <p>
        <Link to={paths.feedCalculator} className={styles.heroButton}>
          {t('home.calculatorLink')}
        </Link>
      </p>
    </section>
  );
}

/**
 * The home page of a brand: hero, category tiles, featured, new and offered products, the USPs,
 * the latest news, an advice teaser and a feed-calculator teaser. The page's own title is the
 * heading; its body follows the hero. A site without a home page shows its root page's title and
 * body. The corporate site's home is the group's: its hero, its story, its brands (each a link
 * to its shop) and its news.
 */
export function HomePage({ title, body, home }: { title: string; body?: string; home: HomeData }) {
  const site = useSite();
  return isShop(site) ? <ShopHome title={title} body={body} home={home} /> : <GroupHome title={title} body={body} home={home} />;
}

function GroupHome({ title, body, home }: { title: string; body?: string; home: HomeData }) {
  const { t } = useTranslation();
  return (
    <Page title={title} testId="page-home">
      <Part resolve={home.content}>
        {(content) => (
          <>
            {content && <Hero content={content} fallbackTitle={title} />}
            {body !== undefined && <Markdown source={body} />}
            {content && <Tiles content={content} title={t('home.brands')} />}
          </>
        )}
      </Part>
      <Part resolve={home.news}>{(news) => <LatestNews news={news} />}</Part>
    </Page>
  );
}

function ShopHome({ title, body, home }: { title: string; body?: string; home: HomeData }) {
  const { t } = useTranslation();
  const layout = useSiteLayout();
  return (
    <Page title={title} testId="page-home">
      <Part resolve={home.content}>
        {(content) =>
          content ? (
            <>
              <Hero content={content} fallbackTitle={title} />
              {body !== undefined && <Markdown source={body} />}
              <Tiles content={content} title={t('home.categories')} />
              <ProductList id="featured" title={t('home.featured')} products={content.featured} />
              <ProductList id="new" title={t('home.new')} products={content.newest} />
              <ProductList id="sale" title={t('home.sale')} products={content.sale} />
            </>
          ) : (
            body !== undefined && <Markdown source={body} />
          )
        }
      </Part>
      <UspList usps={layout?.headerUsps ?? []} label={t('layout.usps')} testId="home-usps" variant="block" />
      <div className={styles.teasers}>
        <Part resolve={home.advice}>{(advice) => <AdviceTeaser advice={advice} />}</Part>
        <CalculatorTeaser />
      </div>
      <Part resolve={home.news}>{(news) => <LatestNews news={news} />}</Part>
    </Page>
  );
}
