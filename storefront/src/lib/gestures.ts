/**
 * What a touch was, from where it started and ended and how long it took (by the touch
 * settings): a tap or a hold stays within the tap tolerance; a swipe goes at
 * least the swipe distance along its main axis; anything between is no gesture (a drag).
 */
import { TOUCH } from './constants';

export type Gesture = 'tap' | 'hold' | 'swipeLeft' | 'swipeRight' | 'swipeUp' | 'swipeDown' | 'none';

export interface Point {
  x: number;
  y: number;
}

export function classifyGesture(start: Point, end: Point, durationMs: number): Gesture {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.hypot(dx, dy) <= TOUCH.tapTolerancePx) return durationMs >= TOUCH.holdMs ? 'hold' : 'tap';
  if (Math.max(Math.abs(dx), Math.abs(dy)) < TOUCH.swipePx) return 'none';
  if (Math.abs(dx) >= Math.abs(dy)) return dx < 0 ? 'swipeLeft' : 'swipeRight';
  return dy < 0 ? 'swipeUp' : 'swipeDown';
}
