import { describe, expect, it } from 'vitest';
import { PINCH_ZOOM_ANIMATION_MS, PINCH_ZOOM_DOUBLE_TAP_MS, PINCH_ZOOM_MAX, PINCH_ZOOM_MIN } from '../src/constants.ts';
import { clampZoom, isDoubleTap, pinchedZoom, steppedZoom, toggledZoom, zoomOrigin } from '../src/zoom.ts';

describe('pinch-zoom (core.md §9)', () => {
  it('uses the spec’s constants', () => {
    expect([PINCH_ZOOM_DOUBLE_TAP_MS, PINCH_ZOOM_MIN, PINCH_ZOOM_MAX, PINCH_ZOOM_ANIMATION_MS]).toEqual([
      300, 0.5, 4, 300,
    ]);
  });

  it.each([
    [1, 1],
    [0.5, 0.5],
    [0.49, 0.5],
    [0.1, 0.5],
    [4, 4],
    [4.01, 4],
    [2.5, 2.5],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('clampZoom(%s) = %s', (scale, expected) => {
    expect(clampZoom(scale)).toBe(expected);
  });

  const at = (t: number, x = 10, y = 10) => ({ at: t, point: { x, y } });
  it.each([
    ['no first tap', null, 100, false],
    ['100 ms later, same place', at(0), 100, true],
    ['exactly 300 ms later', at(0), 300, true],
    ['301 ms later', at(0), 301, false],
    ['in the same millisecond', at(50), 50, true],
    ['a clock that went backwards', at(500), 400, false],
  ])('double tap: %s → %s', (_name, previous, now, expected) => {
    expect(isDoubleTap(previous, now, { x: 12, y: 8 })).toBe(expected);
  });
  it('two quick taps far apart are not a double tap', () => {
    expect(isDoubleTap(at(0, 10, 10), 100, { x: 200, y: 10 })).toBe(false);
  });

  it.each([
    [1, 2],
    [1.004, 2],
    [2, 1],
    [0.5, 1],
    [4, 1],
  ])('a double tap at %s goes to %s', (scale, expected) => {
    expect(toggledZoom(scale)).toBe(expected);
  });

  it.each([
    ['fingers spread to twice the distance', 1, 100, 200, 2],
    ['fingers closed to half', 1, 100, 50, 0.5],
    ['closed far beyond the minimum', 1, 100, 10, 0.5],
    ['spread far beyond the maximum', 2, 100, 400, 4],
    ['from a zoom of 2, spread by half again', 2, 100, 150, 3],
    ['both fingers on one point at the start', 1.5, 0, 100, 1.5],
  ])('pinch: %s', (_name, start, from, to, expected) => {
    expect(pinchedZoom(start, from, to)).toBeCloseTo(expected, 6);
  });

  it.each([
    [1, 'in', 1.5],
    [1.5, 'in', 2.25],
    [3, 'in', 4],
    [4, 'in', 4],
    [1, 'out', 0.667],
    [0.667, 'in', 1],
    [0.6, 'out', 0.5],
    [0.5, 'out', 0.5],
    [1.2, 'out', 1],
  ] as const)('step from %s %s → %s', (scale, direction, expected) => {
    expect(steppedZoom(scale, direction)).toBe(expected);
  });

  it.each([
    ['the middle', { x: 150, y: 75 }, { x: 50, y: 50 }],
    ['the top-left corner', { x: 100, y: 50 }, { x: 0, y: 0 }],
    ['a quarter across', { x: 125, y: 100 }, { x: 25, y: 100 }],
    ['outside the box, kept inside', { x: -30, y: 500 }, { x: 0, y: 100 }],
  ])('the zoom centres on %s', (_name, point, expected) => {
    expect(zoomOrigin(point, { left: 100, top: 50, width: 100, height: 50 })).toEqual(expected);
  });
  it('an empty box centres the zoom', () => {
    expect(zoomOrigin({ x: 5, y: 5 }, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 50, y: 50 });
  });
});
