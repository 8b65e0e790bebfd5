// Zod-free and pure: the zoom component (web components/zoomable.tsx) does only pointer bookkeeping around these.
import {
  PINCH_ZOOM_DOUBLE_TAP_MS,
  PINCH_ZOOM_DOUBLE_TAP_SCALE,
  PINCH_ZOOM_MAX,
  PINCH_ZOOM_MIN,
  PINCH_ZOOM_STEP_FACTOR,
} from './constants.ts';

export interface Point {
  x: number;
  y: number;
}

/** A zoom within 0.5–4 (core.md §9); anything not a finite number is no zoom (1). */
export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  return Math.min(PINCH_ZOOM_MAX, Math.max(PINCH_ZOOM_MIN, scale));
}

/** How far a finger may move between the two taps (or during one) and still tap, in CSS pixels. */
export const TAP_SLOP_PX = 24;

/**
 * A second tap counts as a double tap when it comes within 300 ms of the first (core.md §9) and near it — two taps
 * far apart are two single taps. Equal times count (a fast machine reports both in one millisecond).
 */
export function isDoubleTap(previous: { at: number; point: Point } | null, at: number, point: Point): boolean {
  if (!previous) return false;
  const elapsed = at - previous.at;
  return elapsed >= 0 && elapsed <= PINCH_ZOOM_DOUBLE_TAP_MS && distance(previous.point, point) <= TAP_SLOP_PX;
}

/** A double tap toggles: from no zoom to the double-tap zoom, from any other zoom back to none. */
export function toggledZoom(scale: number): number {
  return Math.abs(scale - 1) < 0.01 ? PINCH_ZOOM_DOUBLE_TAP_SCALE : 1;
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * Two fingers: the zoom at the gesture's start times how far the fingers have spread (or closed) since, clamped.
 * A start distance of 0 (both fingers on one point) changes nothing.
 */
export function pinchedZoom(startScale: number, startDistance: number, currentDistance: number): number {
  if (!(startDistance > 0) || !Number.isFinite(currentDistance)) return clampZoom(startScale);
  return clampZoom((startScale * currentDistance) / startDistance);
}

/** The + and − buttons: one step in or out, clamped; they stop at the limits. */
export function steppedZoom(scale: number, direction: 'in' | 'out'): number {
  const next = direction === 'in' ? scale * PINCH_ZOOM_STEP_FACTOR : scale / PINCH_ZOOM_STEP_FACTOR;
  // Steps that cross 1 land on it, so − after + comes back exactly to no zoom.
  if ((scale < 1 && next > 1) || (scale > 1 && next < 1)) return 1;
  return clampZoom(Math.round(next * 1000) / 1000);
}

/**
 * Where a zoom is centred, as CSS transform-origin percentages of the element's box: the tap or the fingers'
 * midpoint, kept inside the box.
 */
export function zoomOrigin(point: Point, box: { left: number; top: number; width: number; height: number }): Point {
  const pct = (v: number, start: number, size: number) =>
    size > 0 ? Math.min(100, Math.max(0, ((v - start) / size) * 100)) : 50;
  return { x: pct(point.x, box.left, box.width), y: pct(point.y, box.top, box.height) };
}
