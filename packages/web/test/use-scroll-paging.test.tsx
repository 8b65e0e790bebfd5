import { BOOKING_LIST_MAX_PAGES, SCROLL_BOTTOM_THRESHOLD_PX } from '@selfserve/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  canLoadNextPage,
  isNearBottom,
  type PagingState,
  type ScrollMetrics,
  type ScrollPagingOptions,
  useScrollPaging,
} from '../src/features/bookings/hooks/use-scroll-paging';

const ready: PagingState = { pagesLoaded: 1, hasNextPage: true, loading: false, failed: false };

describe('isNearBottom (threshold 150 px)', () => {
  it.each([
    [{ scrollTop: 0, clientHeight: 800, scrollHeight: 2000 }, false],
    [{ scrollTop: 1049, clientHeight: 800, scrollHeight: 2000 }, false],
    [{ scrollTop: 1050, clientHeight: 800, scrollHeight: 2000 }, true],
    [{ scrollTop: 1200, clientHeight: 800, scrollHeight: 2000 }, true],
    [{ scrollTop: 0, clientHeight: 800, scrollHeight: 600 }, true],
  ])('%j → %s', (m, near) => {
    expect(SCROLL_BOTTOM_THRESHOLD_PX).toBe(150);
    expect(isNearBottom(m)).toBe(near);
  });
});

describe('canLoadNextPage', () => {
  it.each<[string, Partial<PagingState>, boolean]>([
    ['after page 1 with more to come', {}, true],
    ['before the first page is in', { pagesLoaded: 0 }, false],
    ['while a page is loading', { loading: true }, false],
    ['when the server has no next page', { hasNextPage: false }, false],
    ['after a failed load', { failed: true }, false],
    ['after page 9', { pagesLoaded: 9 }, true],
    ['after page 10', { pagesLoaded: BOOKING_LIST_MAX_PAGES }, false],
    ['after page 11 (never asked)', { pagesLoaded: 11 }, false],
  ])('%s → %s', (_name, patch, expected) => {
    expect(canLoadNextPage({ ...ready, ...patch })).toBe(expected);
  });
});

/** A page whose scroll position the test moves; scroll events reach the hook through window. */
function fakePage(scrollHeight = 2000, clientHeight = 800) {
  const page: ScrollMetrics = { scrollTop: 0, clientHeight, scrollHeight };
  return {
    metrics: () => ({ ...page }),
    scrollTo(top: number) {
      page.scrollTop = top;
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
    },
    grow(by: number) {
      page.scrollHeight += by;
    },
  };
}

function setup(initial: Partial<ScrollPagingOptions> = {}, page = fakePage()) {
  const loadNext = vi.fn();
  const props: ScrollPagingOptions = { ...ready, loadNext, metrics: page.metrics, ...initial };
  const hook = renderHook((p: ScrollPagingOptions) => useScrollPaging(p), { initialProps: props });
  const update = (patch: Partial<ScrollPagingOptions>) => {
    Object.assign(props, patch);
    hook.rerender({ ...props });
  };
  return { loadNext, page, update };
}

describe('useScrollPaging', () => {
  it('loads the next page only within 150 px of the bottom', () => {
    const { loadNext, page } = setup();
    expect(loadNext).not.toHaveBeenCalled();
    page.scrollTo(1000); // 200 px left
    expect(loadNext).not.toHaveBeenCalled();
    page.scrollTo(1050); // 150 px left
    expect(loadNext).toHaveBeenCalledTimes(1);
  });

  it('does not ask again while the page is loading, nor twice for the same page', () => {
    const { loadNext, page, update } = setup();
    page.scrollTo(1100);
    page.scrollTo(1150);
    expect(loadNext).toHaveBeenCalledTimes(1);
    update({ loading: true });
    page.scrollTo(1200);
    expect(loadNext).toHaveBeenCalledTimes(1);
    // Page 2 arrives and the page grows; the user is no longer at the bottom.
    page.grow(2000);
    update({ loading: false, pagesLoaded: 2 });
    expect(loadNext).toHaveBeenCalledTimes(1);
    page.scrollTo(3100);
    expect(loadNext).toHaveBeenCalledTimes(2);
  });

  it('asks for the next page by itself when a page does not fill the screen', () => {
    const { loadNext, update } = setup({}, fakePage(700, 800));
    expect(loadNext).toHaveBeenCalledTimes(1);
    update({ loading: true });
    update({ loading: false, pagesLoaded: 2 });
    expect(loadNext).toHaveBeenCalledTimes(2);
  });

  it('stops after page 10', () => {
    const page = fakePage();
    const { loadNext, update } = setup({}, page);
    for (let n = 1; n <= 12; n++) {
      update({ pagesLoaded: n, loading: false });
      page.scrollTo(page.metrics().scrollHeight);
      page.grow(2000);
    }
    expect(loadNext).toHaveBeenCalledTimes(BOOKING_LIST_MAX_PAGES - 1);
  });

  it('stops when the server says there is no next page', () => {
    const { loadNext, page } = setup({ hasNextPage: false });
    page.scrollTo(1200);
    expect(loadNext).not.toHaveBeenCalled();
  });

  it('ends paging after a failed load until the user retries', () => {
    const { loadNext, page, update } = setup();
    page.scrollTo(1200);
    expect(loadNext).toHaveBeenCalledTimes(1);
    update({ loading: true });
    update({ loading: false, failed: true });
    page.scrollTo(1190);
    page.scrollTo(1200);
    expect(loadNext).toHaveBeenCalledTimes(1);
    // The retry button fetches again; once that succeeds paging carries on.
    update({ loading: true });
    page.grow(2000);
    update({ loading: false, failed: false, pagesLoaded: 2 });
    page.scrollTo(3200);
    expect(loadNext).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a hidden list', () => {
    const { loadNext, page, update } = setup({ enabled: false });
    page.scrollTo(1200);
    expect(loadNext).not.toHaveBeenCalled();
    update({ enabled: true });
    expect(loadNext).toHaveBeenCalledTimes(1);
  });

  it('stops listening when unmounted', () => {
    const page = fakePage();
    const loadNext = vi.fn();
    const hook = renderHook(() => useScrollPaging({ ...ready, loadNext, metrics: page.metrics }));
    hook.unmount();
    page.scrollTo(1200);
    expect(loadNext).not.toHaveBeenCalled();
  });
});
