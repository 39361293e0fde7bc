import { describe, expect, it } from 'vitest';

import type { SiteLayout } from '../../api/layout';
import { mockApi } from '../../test/api';
import { LAYOUT_NL } from '../../test/layout';
import { onPageOrigin, rootLoader } from './siteLayout';

/** The corporate site's layout as the fixtures have it: its menu and footer link to the brands' sites. */
const CORPORATE: SiteLayout = {
  ...LAYOUT_NL,
  siteId: 30,
  navigation: {
    navigationId: 3,
    items: [
      { title: 'Over ons', url: '/over-ons/', target: '_self' },
      { title: 'Hoefslag', url: 'http://hoefslag.localhost/', target: '_blank' },
      {
        title: 'Weidegroen',
        url: 'http://weidegroen.localhost/',
        target: '_blank',
        children: [{ title: 'Weidegroen DK', url: 'http://dk.weidegroen.localhost/', target: '_blank' }],
      },
    ],
  },
  footer: {
    footerId: 3,
    columns: [
      {
        title: 'Onze webwinkels',
        links: [
          { title: 'Hoefslag', url: 'http://hoefslag.localhost/', target: '_blank' },
          { title: 'Instagram', url: 'https://www.instagram.com/hoofbeat/', target: '_blank' },
        ],
      },
    ],
  },
};

const loaderArgs = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as Parameters<typeof rootLoader>[0];

describe("the corporate site's links to the brands' sites", () => {
  it('keep the page’s origin, port included', async () => {
    mockApi([{ url: '/api/content/layout', respond: CORPORATE }]);
    const { layout } = await rootLoader(loaderArgs('http://hoofbeat.localhost:8080/over-ons/'));
    expect(layout?.navigation.items.map((item) => item.url)).toEqual(['/over-ons/', 'http://hoefslag.localhost:8080/', 'http://weidegroen.localhost:8080/']);
    expect(layout?.navigation.items[2]?.children?.map((item) => item.url)).toEqual(['http://dk.weidegroen.localhost:8080/']);
    expect(layout?.footer.columns[0]?.links.map((link) => link.url)).toEqual(['http://hoefslag.localhost:8080/', 'https://www.instagram.com/hoofbeat/']);
  });

  it('stay as they are on an origin without a port, and links with their own port or to other domains too', () => {
    expect(onPageOrigin('http://hoefslag.localhost/', new URL('https://hoofbeat.localhost/'))).toBe('http://hoefslag.localhost/');
    expect(onPageOrigin('http://hoefslag.localhost:9000/muesli/', new URL('http://hoofbeat.localhost:8080/'))).toBe('http://hoefslag.localhost:9000/muesli/');
    expect(onPageOrigin('https://www.instagram.com/hoofbeat/', new URL('http://hoofbeat.localhost:8080/'))).toBe('https://www.instagram.com/hoofbeat/');
    expect(onPageOrigin('/contact/', new URL('http://hoofbeat.localhost:8080/'))).toBe('/contact/');
    expect(onPageOrigin('mailto:info@hoofbeat.example', new URL('http://hoofbeat.localhost:8080/'))).toBe('mailto:info@hoofbeat.example');
    expect(onPageOrigin('http://weidegroen.localhost/?utm=group#top', new URL('https://hoofbeat.localhost:8443/'))).toBe(
      'https://weidegroen.localhost:8443/?utm=group#top',
    );
  });
});
