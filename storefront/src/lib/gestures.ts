/**
 * What a touch was, from where it started and ended and how long it took (by the touch
 * settings): a tap or a hold stays within the tap tolerance; a swipe goes at
 * least the swipe distance along its main axis; anything between is no gesture (a drag).
 */
import { useRef } from 'react';
import type React from 'react';

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

/** Pointer handlers for an element that acts on touch gestures. */
export interface GestureHandlers {
  onPointerDown: (event: React.PointerEvent) => void;
  onPointerUp: (event: React.PointerEvent) => void;
  onPointerCancel: () => void;
  /** Swallows the click that ends a swipe or a hold, so that lifting the finger from a link does not follow it. */
  onClickCapture: (event: React.MouseEvent) => void;
}

/**
 * Classifies each touch or pen stroke on an element and passes the gesture on. Mouse pointers are
 * left alone: a mouse scrolls, drags and clicks as it always does. A tap stays a click; a swipe or
 * a hold swallows the click that follows it. A stroke outlives a render of its element.
 */
export function useGestures(onGesture: (gesture: Gesture) => void): GestureHandlers {
  const start = useRef<{ point: Point; at: number } | undefined>(undefined);
  const swallowClick = useRef(false);
  return {
    onPointerDown(event) {
      if (event.pointerType === 'mouse') return;
      start.current = { point: { x: event.clientX, y: event.clientY }, at: event.timeStamp };
      swallowClick.current = false;
    },
    onPointerUp(event) {
      const stroke = start.current;
      if (!stroke) return;
      start.current = undefined;
      // The events' own times: when the finger touched and left, however late a busy page handles them.
      const gesture = classifyGesture(stroke.point, { x: event.clientX, y: event.clientY }, event.timeStamp - stroke.at);
      swallowClick.current = gesture !== 'tap';
      onGesture(gesture);
    },
    onPointerCancel() {
      start.current = undefined;
    },
    onClickCapture(event) {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
