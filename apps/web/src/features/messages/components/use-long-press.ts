import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/** How long a finger rests on a message before its menu opens (the platforms' long press). */
const longPressMs = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const slopPx = 10;

/**
 * Calls `onLongPress` when a touch rests on the element, as a phone opens a message's menu.
 * Touch only: a mouse has hover and the "…" button, and its right click keeps the browser's menu
 * (copy, save image). The phone's own long-press menu is held back while a touch is down.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const touching = useRef(false);
  const cancel = () => {
    window.clearTimeout(timer.current);
    start.current = null;
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    onPointerDown: (event: PointerEvent) => {
      touching.current = event.pointerType === 'touch';
      if (!touching.current) return;
      start.current = { x: event.clientX, y: event.clientY };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        start.current = null;
        onLongPress();
      }, longPressMs);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > slopPx) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event: MouseEvent) => {
      if (!touching.current) return;
      event.preventDefault();
      onLongPress();
    },
  };
}
