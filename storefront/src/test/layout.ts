/** The layout of "Hoefslag NL" in Dutch as `GET /api/content/layout` answers it on the fixtures (shortened). */
import type { SiteLayout } from '../api/layout';

export const LAYOUT_NL: SiteLayout = {
  siteId: 1,
  languageId: 1,
  navigation: {
    navigationId: 1,
    items: [
      { title: 'Muesli', url: '/muesli/', target: '_self' },
      {
        title: 'Mashes',
        url: '/mashes/',
        target: '_self',
        children: [
          { title: 'Granen en pulp', url: '/granen-en-pulp/', target: '_self' },
          { title: 'Haksel', url: '/haksel/', target: '_self' },
        ],
      },
      { title: 'Advies', url: '/advies/', target: '_self' },
      { title: 'Verkooppunten', url: '/store-locator/', target: '_self' },
    ],
  },
  footer: {
    footerId: 1,
    columns: [
      {
        title: 'Klantenservice',
        links: [
          { title: 'Contact', url: '/klantenservice/', target: '_self' },
          { title: 'Bezorging', url: '/klantenservice/bezorging/', target: '_self' },
        ],
      },
      { title: 'Over Hoefslag', links: [{ title: 'Over ons', url: '/over-ons/', target: '_self' }] },
    ],
  },
  headerUsps: [
    { icon: 'truck', text: 'Voor 22:00 besteld, morgen in huis' },
    { icon: 'lock', text: 'Veilig betalen met iDEAL' },
  ],
  cartUsps: [
    { icon: 'truck', text: 'Gratis bezorging vanaf € 50' },
    { icon: 'return', text: '30 dagen bedenktijd' },
  ],
  notification: { notificationId: 1, style: 'info', text: 'Winteractie: 10% korting op alle Sport Muesli', url: '/muesli/' },
  customerService: {
    title: 'Klantenservice',
    bottomText: 'Heb je een vraag? Wij helpen je graag.',
    link: '/klantenservice/',
    phone: '+31881234500',
    phoneLink: 'tel:+31881234500',
    email: 'klantenservice@hoefslag.example',
    openingHours: 'Maandag t/m vrijdag 8:30-17:00, zaterdag 9:00-12:00',
  },
  socialLinks: [
    { network: 'instagram', url: 'https://www.instagram.com/hoefslag.demo/' },
    { network: 'youtube', url: 'https://www.youtube.com/@hoefslagdemo' },
  ],
  indicativePrices: false,
  currencyConversionDisclaimerLink: null,
  becomeDealerLink: '/dealer-worden/',
};
