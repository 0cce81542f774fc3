import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { dragged, zoomed, type Framing, type PictureSize } from '@/domain/studio/lib/crop';

interface Gestures {
  /** Width ÷ height of the crop. */
  ratio: number;
  /** The picture, once read (nothing moves before). */
  size: PictureSize | null;
  framing: Framing;
  onFraming: (framing: Framing) => void;
}

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** How far one arrow key moves the picture, as a fraction of the window; one +/- zooms by. */
const keyStep = 0.1;

/**
 * Moving the crop on the stage: one finger or the mouse drags the picture, two fingers pinch to
 * zoom, the wheel zooms, and the arrow keys (and + −) do both from the keyboard. `moving` says a
 * gesture is under way (the thirds grid shows).
 */
export function useCropGestures({ ratio, size, framing, onFraming }: Gestures) {
  const [moving, setMoving] = useState(false);
  const pointers = useRef(new Map<number, Point>());
  // Where the gesture started: the framing then, and the one point or the two fingers' distance.
  const start = useRef<{ framing: Framing; point: Point; spread: number } | null>(null);
  // The latest values for the wheel's listener, which is added once.
  const current = useRef({ ratio, size, framing, onFraming });
  useLayoutEffect(() => {
    current.current = { ratio, size, framing, onFraming };
  });

  const restart = () => {
    const points = [...pointers.current.values()];
    start.current =
      points.length === 0
        ? null
        : {
            framing: current.current.framing,
            point: points[0]!,
            spread: points.length > 1 ? distance(points[0]!, points[1]!) : 0,
          };
    setMoving(points.length > 0);
  };

  const stage = useRef<HTMLDivElement>(null);
  // The wheel zooms the picture, not the dialog: a listener that may cancel the scroll.
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const { ratio, size, framing, onFraming } = current.current;
      if (!size) return;
      event.preventDefault();
      onFraming(zoomed(ratio, size, framing, framing.zoom - event.deltaY / 500));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const end = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    restart();
  };

  const stageProps = {
    ref: stage,
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (!size) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      restart();
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      const from = start.current;
      if (!size || !from || !pointers.current.has(event.pointerId)) return;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const points = [...pointers.current.values()];
      if (points.length > 1 && from.spread > 0) {
        const zoom = (from.framing.zoom * distance(points[0]!, points[1]!)) / from.spread;
        onFraming(zoomed(ratio, size, from.framing, zoom));
        return;
      }
      const box = event.currentTarget.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      const dx = (points[0]!.x - from.point.x) / box.width;
      const dy = (points[0]!.y - from.point.y) / box.height;
      onFraming(dragged(ratio, size, from.framing, dx, dy));
    },
    onPointerUp: end,
    onPointerCancel: end,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (!size) return;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-keyStep, 0],
        ArrowRight: [keyStep, 0],
        ArrowUp: [0, -keyStep],
        ArrowDown: [0, keyStep],
      };
      const move = moves[event.key];
      const zoomBy = event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : 0;
      if (!move && zoomBy === 0) return;
      event.preventDefault();
      onFraming(
        move
          ? dragged(ratio, size, framing, move[0], move[1])
          : zoomed(ratio, size, framing, framing.zoom + zoomBy * keyStep * 2),
      );
    },
  };

  return { moving, setMoving, stageProps };
}
