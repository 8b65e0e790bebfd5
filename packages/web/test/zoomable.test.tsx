import { PINCH_ZOOM_MAX, PINCH_ZOOM_MIN } from '@selfserve/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticleBody } from '../src/components/article/article-body';
import { Zoomable } from '../src/components/zoomable/zoomable';
import { renderWithSession } from './utils';

function renderZoomable() {
  render(
    <Zoomable testId="zoom">
      <img src="/img/maps/route-1.svg" alt="Map" width={200} height={100} />
    </Zoomable>,
  );
  const content = screen.getByTestId('zoom').querySelector('.zoomable__content') as HTMLElement;
  const viewport = screen.getByTestId('zoom').querySelector('.zoomable__viewport') as HTMLElement;
  // jsdom lays nothing out: the viewport's box is given here.
  viewport.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0 }) as DOMRect;
  return { content, viewport };
}

const zoomOf = (content: HTMLElement) => Number(content.dataset.zoom);

/** A pointer event at a given time (ms) and place. */
function pointer(
  target: HTMLElement,
  type: 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel',
  at: number,
  { id = 1, x = 50, y = 50, kind = 'touch' }: { id?: number; x?: number; y?: number; kind?: string } = {},
) {
  const event = new PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    pointerId: id,
    pointerType: kind,
    clientX: x,
    clientY: y,
    button: 0,
  });
  Object.defineProperty(event, 'timeStamp', { value: at });
  fireEvent(target, event);
}

function tapAt(target: HTMLElement, at: number, x = 50, y = 50) {
  pointer(target, 'pointerdown', at, { x, y });
  pointer(target, 'pointerup', at + 40, { x, y });
}

describe('Zoomable (core.md §9 pinch-zoom)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a double tap within 300 ms zooms in at the tap, animated over 300 ms; another double tap zooms back out', () => {
    const { content, viewport } = renderZoomable();
    tapAt(viewport, 1000, 50, 25);
    expect(zoomOf(content)).toBe(1);
    tapAt(viewport, 1200, 52, 27);
    expect(zoomOf(content)).toBe(2);
    expect(content.style.transform).toBe('scale(2)');
    expect(content.style.transformOrigin).toBe('26% 27%');
    expect(content.style.transition).toBe('transform 300ms ease-out');
    tapAt(viewport, 2000);
    tapAt(viewport, 2100);
    expect(zoomOf(content)).toBe(1);
  });

  it('two taps more than 300 ms apart, or far apart, do nothing', () => {
    const { content, viewport } = renderZoomable();
    tapAt(viewport, 1000);
    tapAt(viewport, 1000 + 40 + 300);
    expect(zoomOf(content)).toBe(1);
    tapAt(viewport, 3000, 10, 10);
    tapAt(viewport, 3100, 190, 90);
    expect(zoomOf(content)).toBe(1);
  });

  it('two fingers pinch with pointer events, following the fingers without animation, within 0.5–4', () => {
    const { content, viewport } = renderZoomable();
    pointer(viewport, 'pointerdown', 0, { id: 1, x: 80, y: 50 });
    pointer(viewport, 'pointerdown', 5, { id: 2, x: 120, y: 50 });
    // 40 px apart → 100 px apart: 2.5×
    pointer(viewport, 'pointermove', 20, { id: 1, x: 50, y: 50 });
    pointer(viewport, 'pointermove', 25, { id: 2, x: 150, y: 50 });
    expect(zoomOf(content)).toBe(2.5);
    expect(content.style.transition).toBe('none');
    expect(content.style.transformOrigin).toBe('50% 50%');
    // far beyond the maximum
    pointer(viewport, 'pointermove', 40, { id: 2, x: 900, y: 50 });
    expect(zoomOf(content)).toBe(PINCH_ZOOM_MAX);
    // closed far beyond the minimum
    pointer(viewport, 'pointermove', 60, { id: 1, x: 99, y: 50 });
    pointer(viewport, 'pointermove', 61, { id: 2, x: 100, y: 50 });
    expect(zoomOf(content)).toBe(PINCH_ZOOM_MIN);
    pointer(viewport, 'pointerup', 80, { id: 1, x: 99, y: 50 });
    pointer(viewport, 'pointerup', 85, { id: 2, x: 100, y: 50 });
    // lifting the fingers is not a tap: a quick tap after does not complete a double tap
    tapAt(viewport, 150, 100, 50);
    expect(zoomOf(content)).toBe(PINCH_ZOOM_MIN);
  });

  it('keyboard users zoom with buttons that have accessible names, and stop at the limits', async () => {
    const user = userEvent.setup();
    const { content } = renderZoomable();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    expect(reset).toBeDisabled();
    zoomIn.focus();
    await user.keyboard('{Enter}');
    expect(zoomOf(content)).toBe(1.5);
    expect(screen.getByRole('group', { name: 'Zoom: 150%' })).toBeInTheDocument();
    for (let i = 0; i < 5; i++) await user.click(zoomIn);
    expect(zoomOf(content)).toBe(PINCH_ZOOM_MAX);
    expect(zoomIn).toBeDisabled();
    await user.click(reset);
    expect(zoomOf(content)).toBe(1);
    for (let i = 0; i < 3; i++) await user.click(zoomOut);
    expect(zoomOf(content)).toBe(PINCH_ZOOM_MIN);
    expect(zoomOut).toBeDisabled();
  });

  it('skips the animation for readers who prefer reduced motion', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('reduce'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      })),
    );
    const { content, viewport } = renderZoomable();
    tapAt(viewport, 0);
    tapAt(viewport, 100);
    expect(zoomOf(content)).toBe(2);
    expect(content.style.transition).toBe('none');
  });
});

describe('zoomable article images', () => {
  it('every image of an article body is zoomable; its text is untouched', async () => {
    renderWithSession(
      <ArticleBody html='<p>Your receipt shows the route:</p><p><img src="/img/maps/route-1.svg" alt="Route of a ride"></p><p>Then <img src="/img/maps/route-2.svg" alt="Second map"></p>' />,
    );
    const zooms = await screen.findAllByTestId('article-image-zoom');
    expect(zooms).toHaveLength(2);
    expect(within(zooms[0] as HTMLElement).getByRole('img', { name: 'Route of a ride' })).toBeInTheDocument();
    expect(screen.getByTestId('article-body')).toHaveTextContent('Your receipt shows the route:');
    const viewport = (zooms[1] as HTMLElement).querySelector('.zoomable__viewport') as HTMLElement;
    tapAt(viewport, 0);
    tapAt(viewport, 100);
    expect(Number(((zooms[1] as HTMLElement).querySelector('.zoomable__content') as HTMLElement).dataset.zoom)).toBe(2);
    expect(within(zooms[1] as HTMLElement).getByRole('button', { name: 'Zoom out' })).toBeInTheDocument();
  });
});
