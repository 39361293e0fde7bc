import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';

import { useTranslation } from '../../i18n/useTranslation';
import type { SchemaDealer } from '../../api/generated/schema';
import { Page } from '../../components/layout/Page';
import { useSiteLayout } from '../../components/layout/siteLayout';
import styles from '../../components/shop.module.css';
import { Loading } from '../../components/ui/Loading';
import { formatDistance } from '../../engine';
import { cultureAtom } from '../../state';
import { DealerMap } from './DealerMap';
import type { MapDealer } from './leafletMap';
import type { StoreLocatorData } from './load';
import own from './StoreLocator.module.css';

type Dealer = SchemaDealer;

/** The days of the opening hours as the fixtures key them, in the week's order, with their names. */
const DAYS = [
  ['mon', 'monday'],
  ['tue', 'tuesday'],
  ['wed', 'wednesday'],
  ['thu', 'thursday'],
  ['fri', 'friday'],
  ['sat', 'saturday'],
  ['sun', 'sunday'],
] as const;

function OpeningHours({ hours }: { hours: Dealer['openingHours'] }) {
  const { t } = useTranslation();
  return (
    <details>
      <summary>{t('dealers.openingHours')}</summary>
      <dl className={own.hours}>
        {DAYS.map(([key, day]) => {
          const ranges = hours[key] ?? [];
          return (
            <div key={key}>
              <dt>{t(`calendar.days.${day}`)}</dt>
              <dd>{ranges.length > 0 ? ranges.join(', ') : t('dealers.closed')}</dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}

function DealerCard({ dealer }: { dealer: Dealer }) {
  const { t } = useTranslation();
  const culture = useAtomValue(cultureAtom);
  const { address } = dealer;
  const meters = dealer.distanceMeters;
  // The engine writes the distance (`geo.formatDistance`); the storefront only places it.
  const distance = typeof meters === 'number' && Number.isSafeInteger(meters) && meters >= 0 ? formatDistance({ meters, culture }).text : null;
  return (
    // Focusable from the map: a marker's click shows its dealer here.
    <li className={own.dealer} data-testid="dealer" data-dealer-id={dealer.dealerId} tabIndex={-1}>
      <h2 className={own.name}>{dealer.name}</h2>
      <p className={own.muted}>{t(dealer.type === 'store' ? 'locator.store' : 'locator.dealer')}</p>
      {distance && <p data-testid="dealer-distance">{t('dealers.distance', { distance })}</p>}
      <p>
        {`${address.street} ${address.streetNumber}${address.streetNumberAddition ? ` ${address.streetNumberAddition}` : ''}`}
        <br />
        {`${address.zipcode} ${address.city}`}
      </p>
      <p>
        {t('dealers.phone')}: <a href={`tel:${dealer.phone}`}>{dealer.phone}</a>
      </p>
      {dealer.website && (
        <p>
          <a href={dealer.website} rel="noopener noreferrer">
            {t('dealers.website')}
          </a>
        </p>
      )}
      {dealer.siloDelivery && (
        <p className={own.service} data-testid="dealer-silo">
          {t('locator.siloDelivery')}
        </p>
      )}
      <OpeningHours hours={dealer.openingHours} />
    </li>
  );
}

/** The visitor's location, asked only when they press the button (never while rendering). */
function LocationButton({ onError }: { onError: (message: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={styles.secondary}
      disabled={busy}
      data-testid="use-location"
      onClick={() => {
        if (!('geolocation' in navigator)) {
          onError(t('locator.locationUnavailable'));
          return;
        }
        setBusy(true);
        navigator.geolocation.getCurrentPosition(
          (position) => {
            setBusy(false);
            const near = `${position.coords.latitude.toFixed(4)},${position.coords.longitude.toFixed(4)}`;
            void navigate(`?near=${encodeURIComponent(near)}`);
          },
          () => {
            setBusy(false);
            onError(t('locator.locationUnavailable'));
          },
          { timeout: 10_000 },
        );
      }}
    >
      {t('dealers.useLocation')}
    </button>
  );
}

/**
 * The dealer and store locator: search by postcode or city (a GET form, so it works before the
 * page is live) or by the visitor's location; the results by distance with opening hours and
 * services; the become-dealer link. The list is the primary view; beside it a map (DealerMap)
 * when the shop has a tile service and the visitor consented, else the list stands alone.
 */
export function StoreLocatorPage({ data }: { data: StoreLocatorData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const layout = useSiteLayout();
  const [locationError, setLocationError] = useState<string | null>(null);
  const searching = navigation.state === 'loading' && navigation.location.pathname.startsWith('/store-locator');
  const dealers = useMemo(() => data.dealers?.dealers ?? [], [data.dealers]);
  const onMap = useMemo<MapDealer[]>(
    () =>
      dealers
        .filter((dealer) => Number.isFinite(dealer.latitude) && Number.isFinite(dealer.longitude))
        .map(({ dealerId, name, latitude, longitude }) => ({ dealerId, name, latitude, longitude })),
    [dealers],
  );
  return (
    <Page title={data.title ?? t('storeLocator.title')} testId="page-dealer">
      <p>{t('storeLocator.description')}</p>
      <Form method="get" className={own.search} role="search" aria-label={t('dealers.title')}>
        <label htmlFor="locator-near">{t('dealers.searchLabel')}</label>
        <div className={own.row}>
          <input id="locator-near" name="near" type="search" defaultValue={data.near} autoComplete="postal-code" data-testid="locator-near" />
          <button type="submit" className={styles.button}>
            {t('dealers.search')}
          </button>
          <LocationButton onError={setLocationError} />
        </div>
      </Form>
      {locationError && (
        <p className={styles.fieldError} role="alert">
          {locationError}
        </p>
      )}
      {searching ? (
        <Loading />
      ) : (
        <section aria-live="polite" aria-labelledby="locator-results">
          <h2 id="locator-results" className={own.resultsTitle} data-testid="locator-results-title">
            {data.near ? t('dealers.near', { location: data.near }) : t('locator.all')}
          </h2>
          {data.dealers === null || dealers.length === 0 ? (
            <p data-testid="locator-empty">{t('dealers.none')}</p>
          ) : (
            <div className={own.results}>
              <ul className={own.list}>
                {dealers.map((dealer) => (
                  <DealerCard key={dealer.dealerId} dealer={dealer} />
                ))}
              </ul>
              <DealerMap dealers={onMap} />
            </div>
          )}
        </section>
      )}
      <section className={own.becomeDealer} aria-labelledby="locator-become-dealer">
        <h2 id="locator-become-dealer">{t('dealers.becomeDealer')}</h2>
        <p>{t('dealers.becomeDealerText')}</p>
        {layout?.becomeDealerLink && (
          <Link to={layout.becomeDealerLink} data-testid="become-dealer-link">
            {t('locator.becomeDealerLink')}
          </Link>
        )}
      </section>
    </Page>
  );
}
