import { act, screen, within } from '@testing-library/react';
import { createStaticHandler } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { AdviceCategories } from '../api/content';
import { buildRoutes } from './routes';
import { json, mockApi, type MockRoute } from '../test/api';
import { renderApp } from '../test/app';

const lookup = (url: string, respond: MockRoute['respond']): MockRoute => ({ url: `/api/routing/getbyurl?url=${encodeURIComponent(url)}`, respond });
const content = (path: string, respond: MockRoute['respond']): MockRoute => ({ url: `/api/content/page?path=${encodeURIComponent(path)}`, respond });

const video = (adviceVideoId: number, adviceCategoryId: number, title: string, videoProvider: string) => ({
  adviceVideoId,
  adviceCategoryId,
  title,
  description: `${title}: de uitleg.`,
  videoProvider,
  videoId: videoProvider === 'youtube' ? 'dQw4w9WgXcQ' : `demo-video-0${adviceVideoId}`,
  durationSeconds: 120,
  url: `/advies/${adviceCategoryId}/video-${adviceVideoId}/`,
});

const ADVICE: AdviceCategories = {
  url: '/advies/',
  categories: [
    {
      adviceCategoryId: 1,
      title: 'Voeding',
      url: '/advies/voeding/',
      articles: [
        { adviceArticleId: 1, adviceCategoryId: 1, date: '2026-01-10', title: 'Hoeveel energie?', summary: 'Over energie.', url: '/advies/voeding/energie/' },
      ],
      videos: [video(2, 1, 'Voer wegen met de voerschep', 'youtube')],
    },
    {
      adviceCategoryId: 2,
      title: 'Ruwvoer',
      url: '/advies/ruwvoer/',
      articles: [
        {
          adviceArticleId: 3,
          adviceCategoryId: 2,
          date: '2026-02-01',
          title: 'Droge stof in hooi',
          summary: 'Over droge stof.',
          url: '/advies/ruwvoer/droge-stof/',
        },
      ],
      videos: [video(1, 2, 'Zo neem je een hooimonster', 'youtube'), video(5, 2, 'Hooi opslaan', 'placeholder')],
    },
  ],
};

describe('an advice category page', () => {
  it('shows only the articles and videos of the category the route names (adviceCategoryId)', async () => {
    mockApi([
      lookup('/advies/ruwvoer/', { type: 'adviceCategory', adviceCategoryId: 2, siteId: 1, languageId: 1 }),
      content('/advies/ruwvoer/', { page: null }),
      { url: '/api/advice/categories', respond: ADVICE },
    ]);
    await renderApp('/advies/ruwvoer/');
    const page = await screen.findByTestId('page-adviceCategory');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ruwvoer');
    expect(
      within(page)
        .getAllByTestId('advice-article')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Droge stof in hooi')]);
    expect(within(page).queryByText('Hoeveel energie?')).toBeNull();
    expect(within(page).queryByTestId('advice-category')).toBeNull();
    expect(within(page).getByRole('link', { name: 'Advies' })).toHaveAttribute('href', '/advies/');
  });

  it('promotes only the videos that have a player (a placeholder video would say it is not available)', async () => {
    mockApi([
      lookup('/advies/ruwvoer/', { type: 'adviceCategory', adviceCategoryId: 2 }),
      content('/advies/ruwvoer/', { page: null }),
      { url: '/api/advice/categories', respond: ADVICE },
    ]);
    await renderApp('/advies/ruwvoer/');
    const page = await screen.findByTestId('page-adviceCategory');
    expect(
      within(page)
        .getAllByTestId('advice-video')
        .map((item) => within(item).getByRole('link').getAttribute('href')),
    ).toEqual(['/advies/2/video-1/']);
    expect(within(page).queryByText('Hooi opslaan')).toBeNull();
  });

  it('shows the overview with every category when the route names none', async () => {
    mockApi([
      lookup('/advies/', { type: 'adviceCategory', adviceCategoryId: null }),
      content('/advies/', { page: { title: 'Advies', body: null } }),
      { url: '/api/advice/categories', respond: ADVICE },
    ]);
    await renderApp('/advies/');
    await screen.findByTestId('page-adviceCategory');
    expect(screen.getAllByTestId('advice-category')).toHaveLength(2);
  });
});

describe('the lead of articles and news', () => {
  const LEAD = 'Hooi bevat 80-85 % droge stof.';
  const REST = 'Heb je vragen? Onze voerspecialisten helpen je graag.';

  it('is shown once on an advice article whose body opens with it', async () => {
    mockApi([
      lookup('/advies/ruwvoer/droge-stof/', { type: 'adviceArticle', adviceArticleId: 3, adviceCategoryId: 2 }),
      content('/advies/ruwvoer/droge-stof/', { page: null }),
      {
        url: '/api/advice/articles/3',
        respond: { ...ADVICE.categories[1]!.articles[0], summary: LEAD, body: `${LEAD}\n\n${REST}`, relatedProductIds: [] },
      },
    ]);
    await renderApp('/advies/ruwvoer/droge-stof/');
    const page = await screen.findByTestId('page-adviceArticle');
    expect(within(page).getAllByText(LEAD)).toHaveLength(1);
    expect(within(page).getByText(REST)).toBeInTheDocument();
  });

  it('is shown once on a news item, and a body that only repeats it is left out', async () => {
    const item = { newsItemId: 12, date: '2026-01-12', title: 'Nieuw voer', image: null, url: '/media/12/nieuw-voer/' };
    mockApi([
      content('/media/12/nieuw-voer/', { page: null }),
      content('/media/13/silo/', { page: null }),
      { url: '/api/news/12', respond: { ...item, summary: LEAD, body: `${LEAD}\n\n${REST}` } },
      { url: '/api/news/13', respond: { ...item, newsItemId: 13, url: '/media/13/silo/', summary: LEAD, body: ` ${LEAD}\n` } },
    ]);
    const { router } = await renderApp('/media/12/nieuw-voer/');
    let page = await screen.findByTestId('page-media-item');
    expect(within(page).getAllByText(LEAD)).toHaveLength(1);
    expect(within(page).getByText(LEAD).tagName).toBe('STRONG');
    expect(within(page).getByText(REST)).toBeInTheDocument();
    await act(() => router.navigate('/media/13/silo/'));
    page = await screen.findByTestId('page-media-item');
    expect(within(page).getAllByText(LEAD)).toHaveLength(1);
    expect(page.querySelectorAll('p')).toHaveLength(3);
  });
});

describe('a news item by its id (/media/:id?/:itemname/)', () => {
  const ITEM = { newsItemId: 12, date: '2026-01-12', title: 'Nieuw voer', summary: 'Er is nieuw voer.', body: 'Het hele verhaal.', image: null };
  const moved = (url = '/media/12/nieuw-voer/'): MockRoute[] => [
    { url: '/api/news/12', respond: { ...ITEM, url } },
    content('/media/12/oude-naam/', json({ status: 404, code: 'errors.notFound', notFoundPageId: 111 }, 404)),
    content('/media/12/nieuw-voer/', { page: null }),
  ];

  it('loads the item of the id; another name in the address leads to the item’s own address, replacing the history entry', async () => {
    const requests = mockApi(moved());
    const { router } = await renderApp('/media/12/oude-naam/?utm_source=mail');
    expect(await screen.findByTestId('page-media-item')).toHaveTextContent('Het hele verhaal.');
    expect(router.state.location.pathname).toBe('/media/12/nieuw-voer/');
    expect(router.state.location.search).toBe('?utm_source=mail');
    expect(router.state.historyAction).toBe('REPLACE');
    // The item comes from its id: no look-up of the path.
    expect(requests.filter((request) => request.url.startsWith('/api/routing/'))).toEqual([]);
  });

  it('answers 301 with the item’s own address on the server', async () => {
    mockApi(moved());
    const handler = createStaticHandler(buildRoutes({ comparePath: '/vergelijken' }));
    const answer = await handler.query(new Request('http://hoefslag.localhost/media/12/oude-naam/'));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(301);
    expect((answer as Response).headers.get('Location')).toBe('/media/12/nieuw-voer/');
  });

  it('is not found for an id the site has no item of', async () => {
    mockApi([{ url: '/api/news/99', respond: json({ status: 404 }, 404) }, content('/media/99/iets/', json({ status: 404 }, 404))]);
    await renderApp('/media/99/iets/');
    expect(await screen.findByTestId('page-not-found')).toBeInTheDocument();
  });

  it('is not found for an id that is not a number, without asking the API', async () => {
    const requests = mockApi([]);
    await renderApp('/media/abc/iets/');
    expect(await screen.findByTestId('page-not-found')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
