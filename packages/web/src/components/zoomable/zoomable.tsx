import {
  clampZoom,
  distance,
  isDoubleTap,
  midpoint,
  PINCH_ZOOM_ANIMATION_MS,
  PINCH_ZOOM_MAX,
  PINCH_ZOOM_MIN,
  type Point,
  pinchedZoom,
  steppedZoom,
  TAP_SLOP_PX,
  toggledZoom,
  zoomOrigin,
} from '@selfserve/contract';
import { type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import './zoomable.css';

interface Zoom {
  scale: number;
  /** transform-origin in % of the content box */
  origin: Point;
  /** animate the change (a double tap, a button); a pinch follows the fingers at once */
  animate: boolean;
}

const NONE: Zoom = { scale: 1, origin: { x: 50, y: 50 }, animate: false };

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Pinch-zoom for an article image or a ride's map (core.md §9): a double tap within 300 ms toggles the zoom at the
 * tapped point, two fingers pinch between 0.5 and 4 (pointer events, so a phone's fingers and a pen alike), and
 * + / − / reset buttons do the same for keyboard and mouse users. Changes other than a pinch animate over 300 ms,
 * unless the reader prefers reduced motion. The rules are the contract's (zoom.ts); this only keeps the pointers.
 */
export function Zoomable({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useI18n();
  const [zoom, setZoom] = useState<Zoom>(NONE);
  const viewport = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ startDistance: number; startScale: number } | null>(null);
  const tap = useRef<{ start: Point; moved: boolean; multi: boolean } | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  // The viewport keeps the content's unzoomed box (it clips the zoomed content), so points map to it directly.
  const originAt = (point: Point): Point => {
    const box = viewport.current?.getBoundingClientRect();
    return box ? zoomOrigin(point, box) : { x: 50, y: 50 };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (pointers.current.size === 1) {
      tap.current = { start: point, moved: false, multi: false };
    } else if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      pinch.current = { startDistance: distance(a, b), startScale: zoom.scale };
      if (tap.current) tap.current.multi = true;
      lastTap.current = null;
      // Centred between the fingers when the pinch starts from no zoom; a zoomed view keeps its centre (no jump).
      const origin = originAt(midpoint(a, b));
      setZoom((z) => ({ ...z, origin: z.scale === 1 ? origin : z.origin, animate: false }));
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    if (tap.current && distance(tap.current.start, point) > TAP_SLOP_PX) tap.current.moved = true;
    if (pinch.current && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      const { startScale, startDistance } = pinch.current;
      setZoom((z) => ({ ...z, scale: pinchedZoom(startScale, startDistance, distance(a, b)), animate: false }));
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size > 0) return;
    const ended = tap.current;
    tap.current = null;
    if (event.type !== 'pointerup' || !ended || ended.moved || ended.multi) return;
    const point = { x: event.clientX, y: event.clientY };
    const now = event.timeStamp;
    if (isDoubleTap(lastTap.current, now, point)) {
      lastTap.current = null;
      const origin = originAt(point);
      setZoom((z) => ({ scale: toggledZoom(z.scale), origin: z.scale === 1 ? origin : z.origin, animate: true }));
    } else {
      lastTap.current = { at: now, point };
    }
  };

  const step = (direction: 'in' | 'out') =>
    setZoom((z) => ({ ...z, scale: clampZoom(steppedZoom(z.scale, direction)), animate: true }));

  const animate = zoom.animate && !prefersReducedMotion();
  const percent = Math.round(zoom.scale * 100);
  return (
    <div className="zoomable" data-testid={testId}>
      <div
        ref={viewport}
        className="zoomable__viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div
          className="zoomable__content"
          data-zoom={zoom.scale}
          style={{
            transform: zoom.scale === 1 ? undefined : `scale(${zoom.scale})`,
            transformOrigin: `${zoom.origin.x}% ${zoom.origin.y}%`,
            transition: animate ? `transform ${PINCH_ZOOM_ANIMATION_MS}ms ease-out` : 'none',
          }}
        >
          {children}
        </div>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a toolbar of three buttons, not a form's fieldset */}
      <div className="zoomable__controls" role="group" aria-label={t('zoom.controls', { percent })}>
        <button
          type="button"
          aria-label={t('zoom.zoomOut')}
          disabled={zoom.scale <= PINCH_ZOOM_MIN}
          onClick={() => step('out')}
        >
          −
        </button>
        <button
          type="button"
          aria-label={t('zoom.reset')}
          disabled={zoom.scale === 1}
          onClick={() => setZoom({ ...NONE, animate: true })}
        >
          {/* An icon, not the text "1×": a visible label must be part of the button's name (WCAG 2.5.3). */}
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
              d="M3.5 8a4.5 4.5 0 1 0 1.4-3.3M3.5 2.5v2.8h2.8"
            />
          </svg>
        </button>
        <button
          type="button"
          aria-label={t('zoom.zoomIn')}
          disabled={zoom.scale >= PINCH_ZOOM_MAX}
          onClick={() => step('in')}
        >
          +
        </button>
      </div>
    </div>
  );
}
