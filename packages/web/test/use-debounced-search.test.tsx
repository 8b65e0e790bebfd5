import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@selfserve/contract';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedSearch } from '../src/features/kb/hooks/use-debounced-search';

/** A search whose answers the test releases one by one. */
function controlledSearch() {
  const pending: { query: string; resolve: (value: string[]) => void }[] = [];
  const search = vi.fn(
    (query: string) =>
      new Promise<string[]>((resolve) => {
        pending.push({ query, resolve });
      }),
  );
  return { search, pending };
}

function setup(initial = '') {
  const { search, pending } = controlledSearch();
  const hook = renderHook(({ query }) => useDebouncedSearch(query, search), { initialProps: { query: initial } });
  const type = (query: string) => hook.rerender({ query });
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { hook, search, pending, type, wait };
}

describe('useDebouncedSearch (spec §5, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('uses the contract limits: 700 ms and 3 characters', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(700);
    expect(SEARCH_MIN_CHARS).toBe(3);
  });

  it(`waits ${SEARCH_DEBOUNCE_MS} ms after the last keystroke`, () => {
    const { search, type, wait } = setup();
    type('ref');
    wait(SEARCH_DEBOUNCE_MS - 100);
    type('refu');
    wait(SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    wait(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('refu');
  });

  it('never searches fewer than 3 characters (spaces do not count)', () => {
    const { search, type, wait } = setup();
    type('re');
    wait(SEARCH_DEBOUNCE_MS * 2);
    type('  re  ');
    wait(SEARCH_DEBOUNCE_MS * 2);
    expect(search).not.toHaveBeenCalled();
    type(' ref ');
    wait(SEARCH_DEBOUNCE_MS);
    expect(search).toHaveBeenCalledWith('ref');
  });

  it('starts no search while one is in flight, then runs the newest query', async () => {
    const { hook, search, pending, type, wait } = setup();
    type('refund');
    wait(SEARCH_DEBOUNCE_MS);
    expect(search).toHaveBeenCalledTimes(1);
    expect(hook.result.current.searching).toBe(true);

    type('refund w');
    wait(SEARCH_DEBOUNCE_MS);
    type('refund wallet');
    wait(SEARCH_DEBOUNCE_MS);
    expect(search).toHaveBeenCalledTimes(1);

    await act(async () => pending[0]?.resolve(['How refunds work']));
    expect(search).toHaveBeenCalledTimes(2);
    expect(search).toHaveBeenLastCalledWith('refund wallet');
    expect(hook.result.current.query).toBe('refund');
    expect(hook.result.current.data).toEqual(['How refunds work']);

    await act(async () => pending[1]?.resolve(['Wallet refunds']));
    expect(hook.result.current).toMatchObject({ query: 'refund wallet', data: ['Wallet refunds'], searching: false });
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('does not repeat the search for the query it already answered', async () => {
    const { search, pending, type, wait } = setup();
    type('refund');
    wait(SEARCH_DEBOUNCE_MS);
    await act(async () => pending[0]?.resolve([]));
    type('refund ');
    wait(SEARCH_DEBOUNCE_MS);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('reports a failed search and is ready for the next one', async () => {
    const { search, hook, type, wait } = setup();
    search.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    type('refund');
    wait(SEARCH_DEBOUNCE_MS);
    await act(async () => {});
    expect(hook.result.current.error).toBeInstanceOf(Error);
    expect(hook.result.current.searching).toBe(false);
    type('refunds');
    wait(SEARCH_DEBOUNCE_MS);
    expect(search).toHaveBeenCalledTimes(2);
  });
});
