import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { mockApi } from '../test/api';
import { accountRoutes } from '../test/account';
import { renderApp } from '../test/app';
import { applyScroll, decideScroll, hashTarget, isSignedInAccountPage, KEEP_SCROLL, keepsScroll, ScrollMemory } from './scroll';

const at = (pathname: string, hash = '') => ({ pathname, hash });

describe('scroll rules', () => {
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

  it('keeps the position for a navigation marked to keep it: a filter of the same list', () => {
    expect(decideScroll(at('/muesli/'), { ...at('/muesli/'), keepScroll: true }, 'PUSH')).toEqual({ kind: 'none' });
    expect(decideScroll(at('/muesli/'), at('/muesli/'), 'PUSH')).toEqual({ kind: 'top' });
    expect(keepsScroll(KEEP_SCROLL)).toBe(true);
    expect(keepsScroll(null)).toBe(false);
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

describe('back and forward restore the position', () => {
  const saved = { top: 640, left: 0 };

  it('restores the remembered position on back or forward', () => {
    expect(decideScroll(at('/b/'), at('/a/'), 'POP', saved)).toEqual({ kind: 'restore', top: 640, left: 0 });
    expect(decideScroll(at('/b/'), at('/faq/', '#vraag'), 'POP', saved)).toEqual({ kind: 'restore', top: 640, left: 0 });
  });

  it('uses a remembered position only for back and forward, and never against #no-scroll', () => {
    expect(decideScroll(at('/b/'), at('/a/'), 'PUSH', saved)).toEqual({ kind: 'top' });
    expect(decideScroll(at('/b/'), at('/a/', '#no-scroll'), 'POP', saved)).toEqual({ kind: 'none' });
  });

  it('scrolls back to the position on the router’s back', async () => {
    mockApi(accountRoutes());
    const { router } = await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    let y = 640;
    const scrollY = vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await act(() => router.navigate('/checkout/password-forgot/'));
    await screen.findByTestId('page-checkout-passwordForgot');
    const scrollTo = vi.mocked(window.scrollTo);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    y = 0;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    await screen.findByTestId('page-cart');
    expect(scrollTo).toHaveBeenCalledWith({ top: 640, left: 0 });
    scrollTo.mockClear();
    await act(() => router.navigate(1));
    await screen.findByTestId('page-checkout-passwordForgot');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    scrollY.mockRestore();
  });
});

describe('the position is kept only in the signed-in account area', () => {
  it('scrolls to the top between the visitors’ account pages and from or to them', () => {
    expect(decideScroll(at('/account/login/'), at('/account/register/'), 'PUSH')).toEqual({ kind: 'top' });
    expect(decideScroll(at('/account/orders/'), at('/account/login/'), 'PUSH')).toEqual({ kind: 'top' });
    expect(decideScroll(at('/account/forgot/'), at('/account/'), 'PUSH')).toEqual({ kind: 'top' });
    expect(decideScroll(at('/account/reset/'), at('/account/resend-confirmation/'), 'PUSH')).toEqual({ kind: 'top' });
    expect(decideScroll(at('/account/confirm/'), at('/account/orders/'), 'PUSH')).toEqual({ kind: 'top' });
  });

  it('keeps it between every signed-in child of /account', () => {
    for (const path of [
      '/account',
      '/account/information/password/',
      '/account/orders/7/',
      '/account/invoices/',
      '/account/returns/12/',
      '/account/rqs-results/',
      '/account/subscriptions/',
    ]) {
      expect(decideScroll(at('/account/'), at(path), 'PUSH')).toEqual({ kind: 'none' });
    }
    expect(isSignedInAccountPage('/accounting/')).toBe(false);
  });
});

describe('hashes that are no valid selector or escape', () => {
  it('does not throw for a malformed escape and looks for the hash as written', () => {
    expect(decideScroll(at('/'), at('/hooi/', '#%E0%A4%A'), 'PUSH')).toEqual({ kind: 'element', id: '%E0%A4%A' });
    expect(hashTarget('#%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('scrolls to an element whose id is no valid CSS selector', () => {
    const target = document.createElement('div');
    target.id = '1abc';
    document.body.append(target);
    expect(() => applyScroll(decideScroll(at('/'), at('/hooi/', '#1abc'), 'PUSH'))).not.toThrow();
    expect(target.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth' });
    target.remove();
  });

  it('does nothing for a hash without an element', () => {
    expect(() => applyScroll({ kind: 'element', id: '%E0%A4%A' })).not.toThrow();
  });

  it('does not break the navigation to an address with a malformed hash', async () => {
    mockApi(accountRoutes());
    const { router } = await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    await act(() => router.navigate('/checkout/password-forgot/#%E0%A4%A'));
    expect(await screen.findByTestId('page-checkout-passwordForgot')).toBeInTheDocument();
  });
});

describe('remembered positions', () => {
  it('remembers a position per history entry and keeps them over a reload in the session storage', () => {
    const memory = new ScrollMemory();
    memory.remember('a', { top: 120, left: 0 });
    memory.remember('b', { top: 48, left: 5 });
    expect(memory.positionOf('a')).toEqual({ top: 120, left: 0 });
    expect(memory.positionOf('c')).toBeNull();
    memory.save(sessionStorage);
    const reloaded = new ScrollMemory();
    reloaded.load(sessionStorage);
    expect(reloaded.positionOf('b')).toEqual({ top: 48, left: 5 });
    sessionStorage.clear();
  });

  it('forgets the oldest beyond 100 entries and ignores unreadable storage', () => {
    const memory = new ScrollMemory();
    for (let index = 0; index <= 100; index += 1) memory.remember(`k${index}`, { top: index, left: 0 });
    expect(memory.positionOf('k0')).toBeNull();
    expect(memory.positionOf('k100')).toEqual({ top: 100, left: 0 });
    sessionStorage.setItem('hoofbeat.scrollPositions', '{not json');
    const broken = new ScrollMemory();
    expect(() => broken.load(sessionStorage)).not.toThrow();
    sessionStorage.setItem(
      'hoofbeat.scrollPositions',
      JSON.stringify([
        ['x', { top: 'high' }],
        ['y', { top: 3, left: 0 }],
      ]),
    );
    broken.load(sessionStorage);
    expect(broken.positionOf('x')).toBeNull();
    expect(broken.positionOf('y')).toEqual({ top: 3, left: 0 });
    sessionStorage.clear();
  });
});
