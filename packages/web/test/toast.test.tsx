import { TOAST_DEFAULT_TEXT, TOAST_DURATION_MS } from '@selfserve/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from '../src/components/toast';

function Trigger({ text }: { text?: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(text)}>
      Save
    </button>
  );
}

describe('Toast', () => {
  it("shows the spec's default text and dismisses itself after the set duration", () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('toast')).toHaveTextContent(TOAST_DEFAULT_TEXT);
    expect(TOAST_DEFAULT_TEXT).toBe('Done !');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('shows custom text in a polite live region and restarts the timer when shown again', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger text="Invoice Sent!" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => vi.advanceTimersByTime(1500));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => vi.advanceTimersByTime(1500));
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent('Invoice Sent!');
    expect(toast.parentElement).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('refuses to be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger />)).toThrow(/ToastProvider/);
  });
});
