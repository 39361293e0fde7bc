import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockApi } from '../test/api';
import { accountRoutes } from '../test/account';
import { renderApp } from '../test/app';
import { SCROLL_DIRECTION_INTERVAL_MS, TOUCH } from './constants';
import { classifyGesture } from './gestures';
import { directionBetween, headerHidden, useHideOnScroll } from './scrollDirection';

const at = (x: number, y: number) => ({ x, y });

describe('touch settings', () => {
  it('are a tap tolerance of 10 px, a hold of 400 ms and a swipe of 30 px', () => {
    expect(TOUCH).toEqual({ tapTolerancePx: 10, holdMs: 400, swipePx: 30 });
  });

  it('a touch that moves at most 10 px is a tap, or a hold from 400 ms', () => {
    expect(classifyGesture(at(100, 100), at(100, 100), 80)).toBe('tap');
    expect(classifyGesture(at(100, 100), at(106, 108), 399)).toBe('tap');
    expect(classifyGesture(at(100, 100), at(106, 108), 400)).toBe('hold');
    expect(classifyGesture(at(100, 100), at(107, 108), 120)).toBe('none');
  });

  it('a move of 30 px or more along its main axis is a swipe that way, however long it takes', () => {
    expect(classifyGesture(at(200, 100), at(170, 100), 150)).toBe('swipeLeft');
    expect(classifyGesture(at(200, 100), at(230, 110), 150)).toBe('swipeRight');
    expect(classifyGesture(at(200, 100), at(205, 70), 150)).toBe('swipeUp');
    expect(classifyGesture(at(200, 100), at(200, 160), 900)).toBe('swipeDown');
  });

  it('a move between the tap tolerance and the swipe distance is no gesture', () => {
    expect(classifyGesture(at(200, 100), at(229, 100), 150)).toBe('none');
    expect(classifyGesture(at(200, 100), at(180, 120), 150)).toBe('none');
  });
});

describe('scroll direction', () => {
  afterEach(() => vi.useRealTimers());

  it('is read every 250 ms', () => {
    expect(SCROLL_DIRECTION_INTERVAL_MS).toBe(250);
  });

  it('goes down or up with the position and stays when it does not move', () => {
    expect(directionBetween(0, 300, 'up')).toBe('down');
    expect(directionBetween(300, 120, 'down')).toBe('up');
    expect(directionBetween(120, 120, 'down')).toBe('down');
    expect(directionBetween(120, 120, 'up')).toBe('up');
  });

  it('hides the header on the way down once the page has scrolled past it', () => {
    expect(headerHidden('down', 400, 150)).toBe(true);
    expect(headerHidden('down', 150, 150)).toBe(false);
    expect(headerHidden('up', 400, 150)).toBe(false);
  });

  it('reads the position 250 ms after the page starts to scroll, and again while it goes on', () => {
    vi.useFakeTimers();
    let y = 0;
    const scrollY = vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    const height = () => 100;
    const { result } = renderHook(() => useHideOnScroll(height));
    const scrollTo = (next: number) => {
      y = next;
      window.dispatchEvent(new Event('scroll'));
    };
    act(() => scrollTo(60));
    act(() => void vi.advanceTimersByTime(250));
    expect(result.current).toBe(false); // down, but not yet past the header
    act(() => scrollTo(300));
    act(() => void vi.advanceTimersByTime(249));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    act(() => scrollTo(340));
    act(() => scrollTo(280));
    act(() => void vi.advanceTimersByTime(250));
    expect(result.current).toBe(false); // 300 to 280: up
    scrollY.mockRestore();
  });
});

describe('the header', () => {
  it('hides on the way down and shows on the way up', async () => {
    mockApi(accountRoutes());
    await renderApp('/cart/');
    await screen.findByTestId('page-cart');
    const header = screen.getByTestId('site-header');
    expect(header).toHaveAttribute('data-hidden', 'false');
    let y = 0;
    const scrollY = vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    y = 800;
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(header).toHaveAttribute('data-hidden', 'true'));
    y = 500;
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(header).toHaveAttribute('data-hidden', 'false'));
    scrollY.mockRestore();
  });
});
