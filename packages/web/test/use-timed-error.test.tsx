import { ERROR_DISPLAY_MS } from '@selfserve/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTimedError } from '../src/lib/use-timed-error';

describe('useTimedError', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const later = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('shows an error for the spec’s 4000 ms, then clears it', () => {
    expect(ERROR_DISPLAY_MS).toBe(4000);
    const { result } = renderHook(() => useTimedError());
    expect(result.current.error).toBeNull();
    act(() => result.current.show('Please enter atleast 15 characters'));
    expect(result.current.error).toBe('Please enter atleast 15 characters');
    later(ERROR_DISPLAY_MS - 1);
    expect(result.current.error).toBe('Please enter atleast 15 characters');
    later(1);
    expect(result.current.error).toBeNull();
  });

  it('restarts the time when shown again, with the newest text', () => {
    const { result } = renderHook(() => useTimedError());
    act(() => result.current.show('first'));
    later(3000);
    act(() => result.current.show('second'));
    later(3000);
    expect(result.current.error).toBe('second');
    later(1000);
    expect(result.current.error).toBeNull();
  });

  it('clears at once on clear(), and a cleared timer does not fire later', () => {
    const { result } = renderHook(() => useTimedError());
    act(() => result.current.show('gone'));
    act(() => result.current.clear());
    expect(result.current.error).toBeNull();
    act(() => result.current.show('kept'));
    later(ERROR_DISPLAY_MS - 1);
    expect(result.current.error).toBe('kept');
  });

  it('takes another duration, and leaves no timer behind when unmounted', () => {
    const { result, unmount } = renderHook(() => useTimedError(2000));
    act(() => result.current.show('short'));
    later(1999);
    expect(result.current.error).toBe('short');
    later(1);
    expect(result.current.error).toBeNull();
    act(() => result.current.show('again'));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
