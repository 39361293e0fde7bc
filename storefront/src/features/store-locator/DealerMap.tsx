import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/useTranslation';
import type { MapTiles } from '../../api/sites';
import { consentChoiceAtom, consentOpenAtom } from '../../components/layout/consent';
import styles from '../../components/shop.module.css';
import { useSite } from '../../state';
import own from './StoreLocator.module.css';
import type { MapDealer } from './leafletMap';

/** Shows the dealer in the list: its card gets the focus (the list is where dealers are read). */
function selectDealer(dealerId: number): void {
  const card = document.querySelector<HTMLElement>(`[data-testid="dealer"][data-dealer-id="${dealerId}"]`);
  card?.focus();
}

/**
 * The map itself. Leaflet (and its CSS) is imported in an effect: only in the browser, after
 * hydration, and only once this component is shown, i.e. with a tile service and consent.
 */
function LeafletMap({ tiles, dealers }: { tiles: MapTiles; dealers: MapDealer[] }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [failed, setFailed] = useState(false);
  const zoomInTitle = t('storeLocator.map.zoomIn');
  const zoomOutTitle = t('storeLocator.map.zoomOut');

  useEffect(() => {
    let cancelled = false;
    let handle: { remove(): void } | null = null;
    import('./leafletMap')
      .then(({ showDealers }) => {
        if (cancelled || !element.current) return;
        handle = showDealers(element.current, { tileUrl: tiles.tileUrl, dealers, zoomInTitle, zoomOutTitle, onSelect: selectDealer });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      handle?.remove();
    };
  }, [tiles.tileUrl, dealers, zoomInTitle, zoomOutTitle]);

  if (failed) {
    return (
      <p className={own.mapNotice} data-testid="dealer-map-failed">
        {t('storeLocator.map.failed')}
      </p>
    );
  }
  return (
    <figure className={own.mapFigure}>
      <div ref={element} className={own.map} role="region" aria-label={t('storeLocator.map.label')} aria-describedby={hintId} data-testid="dealer-map" />
      <figcaption className={own.mapCaption}>
        <span id={hintId}>{t('storeLocator.map.keyboardHint')}</span>
        {tiles.attribution && <span data-testid="dealer-map-attribution">{tiles.attribution}</span>}
      </figcaption>
    </figure>
  );
}

/**
 * The dealers on a map, beside the list (which stays the page's primary, accessible view). Only
 * when the server has a tile service configured (`MAP_TILE_URL`) and the visitor consented to
 * marketing cookies: the tiles come from a third party, embedded content as the advice videos
 * are. Without a choice yet nothing shows (the banner asks); after a refusal a notice offers the
 * cookie settings. Nothing here asks the tile host for anything until then.
 */
export function DealerMap({ dealers }: { dealers: MapDealer[] }) {
  const { t } = useTranslation();
  const tiles = useSite().map;
  const consent = useAtomValue(consentChoiceAtom);
  const openConsent = useSetAtom(consentOpenAtom);
  if (!tiles || dealers.length === 0 || consent === null) return null;
  if (!consent.marketing) {
    return (
      <div className={own.mapNotice} data-testid="dealer-map-consent">
        <p>{t('storeLocator.map.consentNeeded')}</p>
        <button type="button" className={styles.secondary} onClick={() => openConsent(true)} data-testid="dealer-map-open-consent">
          {t('storeLocator.map.openSettings')}
        </button>
      </div>
    );
  }
  return <LeafletMap tiles={tiles} dealers={dealers} />;
}
