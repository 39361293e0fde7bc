/** Test helpers: a dealer as `GET /api/dealers` answers it (the fixtures' shop in Barneveld). */
import type { SchemaDealer } from '../api/generated/schema';

export function dealer(changes: Partial<SchemaDealer> = {}): SchemaDealer {
  return {
    dealerId: 1,
    name: 'Hoefslag Winkel Barneveld',
    type: 'store',
    address: { street: 'Stationsweg', streetNumber: '45', streetNumberAddition: null, zipcode: '3771 EB', city: 'Barneveld', countryId: 1 },
    latitude: 52.1405,
    longitude: 5.5847,
    phone: '+31342400100',
    email: 'info1@dealer.example',
    website: null,
    brands: ['Hoefslag'],
    siloDelivery: true,
    openingHours: { mon: ['09:00-18:00'], sat: ['09:00-12:00', '13:00-17:00'] },
    ...changes,
  };
}
