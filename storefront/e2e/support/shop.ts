/**
 * The shop a browser-test file runs against: one real server (host-server and the renderer, on
 * a fresh database) and one Chromium, started before the file's tests and stopped after them.
 * `origin` is the server's address on `localhost` (the demo data's first site).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import { freshPage, launchBrowser, type RunningBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface Shop {
  readonly server: RunningServer;
  readonly chromium: RunningBrowser;
  readonly origin: string;
}

/** Starts the shop for this file's tests (`env`: extra settings of the server). */
export function useShop(env: Record<string, string> = {}): Shop {
  let running: { server: RunningServer; chromium: RunningBrowser; origin: string } | undefined;
  const started = () => {
    if (!running) throw new Error('the shop runs only inside the tests (useShop starts it in beforeAll)');
    return running;
  };
  beforeAll(async () => {
    const server = await startServer(env);
    const chromium = await launchBrowser();
    running = { server, chromium, origin: server.baseUrl.replace('127.0.0.1', 'localhost') };
  });
  afterAll(async () => {
    await running?.chromium.close();
    await running?.server.stop();
  });
  return {
    get server() {
      return started().server;
    },
    get chromium() {
      return started().chromium;
    },
    get origin() {
      return started().origin;
    },
  };
}

/** A fresh page (`freshPage`) that also records every request leaving the shop's origin (there must be none). */
export async function recordingPage(shop: Shop): Promise<{ page: Page; errors: string[]; foreign: string[] }> {
  const { page, errors } = await freshPage(shop.chromium, shop.origin);
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== shop.origin) foreign.push(request.url());
  });
  return { page, errors, foreign };
}

/** A call to the API as the storefront of site 1 (Hoefslag NL, Dutch) makes it; a refusal throws. */
export async function callApi(shop: Shop, path: string, method: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${shop.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', siteid: '1', languageid: '1' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Who orders in `placeTransferOrder`, and what. */
export interface TransferOrder {
  productVariantId: number;
  quantity: number;
  firstName: string;
  lastName: string;
  emailAddress: string;
}

/** Places an order through the API, to be paid by bank transfer (payment method 6, no provider), delivered in Utrecht; answers its number. */
export async function placeTransferOrder(shop: Shop, order: TransferOrder): Promise<string> {
  const created = (await callApi(shop, '/api/cart', 'POST')) as { cart: { shoppingcartId: string } };
  const cart = created.cart.shoppingcartId;
  await callApi(shop, `/api/cart/${cart}/products?productVariantId=${order.productVariantId}&quantity=${order.quantity}`, 'POST');
  await callApi(shop, `/api/cart/${cart}/billing`, 'POST', {
    firstName: order.firstName,
    lastName: order.lastName,
    emailAddress: order.emailAddress,
    phoneNumber: '0612345678',
    address: { street: 'Oudegracht', streetNumber: '12', zipcode: '3511 AP', city: 'Utrecht', countryId: 1 },
  });
  await callApi(shop, `/api/cart/${cart}/payment`, 'POST', { paymentMethodId: 6 });
  const placed = (await callApi(shop, `/api/cart/${cart}/order`, 'POST')) as { order: { orderNumber: string } };
  return placed.order.orderNumber;
}
