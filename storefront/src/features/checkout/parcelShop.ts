/**
 * The chosen pick-up point by name and address (`GET /api/parcelshops/{id}`), so no step shows
 * only its code.
 */
import { useEffect, useState } from 'react';

import { api } from '../../api/client';
import type { SchemaParcelShop } from '../../api/generated/schema';

/** The pick-up point with this id, once it has arrived; null before, without an id, or when it is unknown. */
export function useParcelShop(parcelShopId: string | null | undefined): SchemaParcelShop | null {
  // The answer with the id it is for: a later id never shows an earlier point.
  const [found, setFound] = useState<{ id: string; shop: SchemaParcelShop | null } | null>(null);
  useEffect(() => {
    if (!parcelShopId) return;
    let current = true;
    api.get('/api/parcelshops/{parcelShopId}', { path: { parcelShopId } }).then(
      (shop) => {
        if (current) setFound({ id: parcelShopId, shop });
      },
      () => {
        if (current) setFound({ id: parcelShopId, shop: null });
      },
    );
    return () => {
      current = false;
    };
  }, [parcelShopId]);
  return parcelShopId && found?.id === parcelShopId ? found.shop : null;
}

/** A pick-up point as one line: its name and address. */
export function parcelShopLine(shop: Pick<SchemaParcelShop, 'name' | 'street' | 'streetNumber' | 'zipcode' | 'city'>): string {
  return `${shop.name}, ${shop.street} ${shop.streetNumber}, ${shop.zipcode} ${shop.city}`;
}
