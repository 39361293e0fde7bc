import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { mockApi } from '../test/api';
import { accountRoutes } from '../test/account';
import { renderApp } from '../test/app';
import { decideScroll } from './scroll';

const at = (pathname: string, hash = '') => ({ pathname, hash });

describe('scroll rules (specification section 2)', () => {
  it('does not scroll for #no-scroll', () => {
    expect(decideScroll(at('/'), at('/hooi/', '#no-scroll'), 'PUSH')).toEqual({ kind: 'none' });
  });

  it('scrolls smoothly to the element of any other hash', () => {
    expect(decideScroll(at('/'), at('/hooi/', '#reviews'), 'PUSH')).toEqual({ kind: 'element', id: 'reviews' });
    expect(decideScroll(null, at('/faq/', '#vraag%201'), 'POP')).toEqual({ kind: 'element', id: 'vraag 1' });
  });

  it('scrolls to the top without a hash', () => {
    expect(decideScroll(at('/'), at('/hooi/'), 'PUSH')).toEqual({ kind: 'top' });
    expect(decideScroll(at('/account/orders/'), at('/cart/'), 'PUSH')).toEqual({ kind: 'top' });
    expect(decideScroll(null, at('/'), 'PUSH')).toEqual({ kind: 'top' });
  });

  it('keeps the position between children of /account', () => {
    expect(decideScroll(at('/account/orders/'), at('/account/invoices/'), 'PUSH')).toEqual({ kind: 'none' });
    expect(decideScroll(at('/account/'), at('/account/orders/12/'), 'REPLACE')).toEqual({ kind: 'none' });
    expect(decideScroll(at('/cart/'), at('/account/orders/'), 'PUSH')).toEqual({ kind: 'top' });
  });

  it('leaves back and forward to the browser', () => {
    expect(decideScroll(at('/a/'), at('/b/'), 'POP')).toEqual({ kind: 'none' });
  });

  it('is applied on navigation', async () => {
    mockApi(accountRoutes());
    const { router } = await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await act(() => router.navigate('/checkout/password-forgot/'));
    await screen.findByTestId('page-checkout-passwordForgot');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });

    await act(() => router.navigate('/account/orders/'));
    await screen.findByTestId('page-account-orders');
    scrollTo.mockClear();
    await act(() => router.navigate('/account/invoices/'));
    await screen.findByTestId('page-account-invoices');
    expect(scrollTo).not.toHaveBeenCalled();

    const target = document.createElement('div');
    target.id = 'bottom';
    document.body.append(target);
    await act(() => router.navigate('/cart/#bottom'));
    await screen.findByTestId('page-cart');
    expect(target.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth' });
    target.remove();
  });
});
