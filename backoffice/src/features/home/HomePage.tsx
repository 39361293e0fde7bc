/**
 * The first screen after signing in: a welcome and the figures the member's role reads, from
 * `GET /api/backoffice/home` (today's orders and revenue per site, open returns, samples
 * waiting for results, low stock). A part the role may not see is not shown.
 */
import { getHome } from '../../api/backoffice';
import type { HomeOverview } from '../../api/contract';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageTitle } from '../../components/Page';
import { AsyncView } from '../../components/States';
import { useTranslation } from '../../i18n';
import { ROLE_LABELS } from '../../lib/labels';
import { paletteShortcut } from '../../lib/platform';
import { useSession } from '../../lib/session';
import { useAsync } from '../../lib/useAsync';
import styles from './Home.module.css';

type SiteDay = NonNullable<HomeOverview['today']>[number];
type LowStock = NonNullable<HomeOverview['lowStock']>[number];

export function HomePage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const home = useAsync((signal) => getHome(signal));
  return (
    <>
      <PageTitle>{t('home.title', { name: me.name })}</PageTitle>
      <p>{t('home.intro', { shortcut: paletteShortcut() })}</p>
      <p>{t('home.role', { role: t(ROLE_LABELS[me.role]) })}</p>
      <AsyncView state={home.state} onRetry={home.reload}>
        {(figures) => <Figures figures={figures} />}
      </AsyncView>
    </>
  );
}

function Figures({ figures }: { figures: HomeOverview }) {
  const { t } = useTranslation();
  const counts: [string, number | null | undefined][] = [
    [t('home.openReturns'), figures.openReturns],
    [t('home.samplesWaiting'), figures.samplesWaiting],
  ];
  return (
    <>
      {figures.today && <Today days={figures.today} />}
      <dl className={styles.counts}>
        {counts
          .filter((count): count is [string, number] => typeof count[1] === 'number')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {figures.lowStock && <LowStockList rows={figures.lowStock} />}
    </>
  );
}

function Today({ days }: { days: SiteDay[] }) {
  const { t } = useTranslation();
  const columns: DataColumn<SiteDay>[] = [
    { id: 'site', header: t('home.site'), cell: ({ row }) => row.original.siteName },
    { id: 'orders', header: t('home.orders'), cell: ({ row }) => row.original.orders },
    { id: 'revenue', header: t('home.revenue'), cell: ({ row }) => row.original.revenueText },
  ];
  return (
    <section aria-labelledby="home-today">
      <h2 id="home-today">{t('home.today')}</h2>
      <DataTable label={t('home.today')} columns={columns} rows={days} rowKey={(day) => String(day.siteId)} />
    </section>
  );
}

function LowStockList({ rows }: { rows: LowStock[] }) {
  const { t } = useTranslation();
  const columns: DataColumn<LowStock>[] = [
    { id: 'name', header: t('home.product'), cell: ({ row }) => row.original.name },
    { id: 'article', header: t('home.articleNumber'), cell: ({ row }) => row.original.articleNumber },
    { id: 'stock', header: t('home.stock'), cell: ({ row }) => row.original.stock },
  ];
  return (
    <section aria-labelledby="home-low-stock">
      <h2 id="home-low-stock">{t('home.lowStock')}</h2>
      <DataTable label={t('home.lowStock')} columns={columns} rows={rows} rowKey={(row) => String(row.productVariantId)} empty={t('home.lowStockEmpty')} />
    </section>
  );
}
