import { describe, expect, it } from 'vitest';

import type { SiteLayout } from '../../api/layout';
import { json, mockApi } from '../../test/api';
import { LAYOUT_NL } from '../../test/layout';
import { rootLoader } from './siteLayout';

/** The corporate site's layout as the server answers it: its menu and footer link to the brands' sites. */
const CORPORATE: SiteLayout = {
  ...LAYOUT_NL,
  siteId: 30,
  navigation: {
    navigationId: 3,
    items: [
      { title: 'Over ons', url: '/over-ons/', target: '_self' },
      { title: 'Hoefslag', url: 'http://hoefslag.localhost:8080/', target: '_blank' },
      {
        title: 'Weidegroen',
        url: 'http://weidegroen.localhost:8080/',
        target: '_blank',
        children: [{ title: 'Weidegroen DK', url: 'http://dk.weidegroen.localhost:8080/', target: '_blank' }],
      },
    ],
  },
  footer: {
    footerId: 3,
    columns: [
      {
        title: 'Onze webwinkels',
        links: [
          { title: 'Hoefslag', url: 'http://hoefslag.localhost:8080/', target: '_blank' },
          { title: 'Instagram', url: 'https://www.instagram.com/hoofbeat/', target: '_blank' },
        ],
      },
    ],
  },
};

describe("the corporate site's links to the brands' sites", () => {
  it('are shown as the server writes them, on the shop’s scheme and port', async () => {
    mockApi([{ url: '/api/content/layout', respond: CORPORATE }]);
    const { layout } = await rootLoader();
    expect(layout?.navigation.items.map((item) => item.url)).toEqual(['/over-ons/', 'http://hoefslag.localhost:8080/', 'http://weidegroen.localhost:8080/']);
    expect(layout?.navigation.items[2]?.children?.map((item) => item.url)).toEqual(['http://dk.weidegroen.localhost:8080/']);
    expect(layout?.footer.columns[0]?.links.map((link) => link.url)).toEqual(['http://hoefslag.localhost:8080/', 'https://www.instagram.com/hoofbeat/']);
  });

  it('leave the frame its own links when the layout cannot be loaded', async () => {
    mockApi([{ url: '/api/content/layout', respond: json({ code: 'errors.generic', message: 'down' }, 503) }]);
    expect(await rootLoader()).toEqual({ layout: null });
  });
});
