import { CAPTCHA_RENDER_DELAY_MS, captchaPaths } from '@selfserve/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Captcha } from '../src/components/captcha/captcha';

// The real widget needs Web Workers and WebCrypto (the Playwright journey runs it); here its module only registers
// the element's global, and the test plays the widget's events.
vi.mock('../src/components/captcha/load-altcha', () => {
  const texts = new Map<string, Record<string, string>>([['en', { label: "I'm not a robot", footer: 'x' }]]);
  globalThis.$altcha = {
    i18n: { get: (k: string) => texts.get(k), set: (k: string, v: Record<string, string>) => texts.set(k, v) },
  } as unknown as typeof globalThis.$altcha;
  return {};
});

const widget = () => document.querySelector('altcha-widget') as HTMLElement;
const state = (detail: { state: string; payload?: string | null }) =>
  act(() => {
    fireEvent(widget(), new CustomEvent('statechange', { detail }));
  });

describe('Captcha', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function shown(onChange = vi.fn(), error?: string) {
    const view = render(<Captcha onChange={onChange} error={error} />);
    await act(async () => {
      vi.advanceTimersByTime(CAPTCHA_RENDER_DELAY_MS);
    });
    // the widget's module is imported once shown
    await act(async () => {});
    return { onChange, view };
  }

  it('appears only after the render delay, then loads the widget pointed at our challenge', async () => {
    render(<Captcha onChange={() => {}} />);
    expect(screen.queryByTestId('captcha')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(CAPTCHA_RENDER_DELAY_MS - 1);
    });
    expect(screen.queryByTestId('captcha')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('captcha')).toBeInTheDocument();
    await act(async () => {});
    expect(widget()).toHaveAttribute('challenge', captchaPaths.challenge);
    expect(widget()).toHaveAttribute('language', 'selfserve-en');
    // our texts, by the reader's language, under the key the widget is told to use
    expect(globalThis.$altcha.i18n.get('selfserve-en')).toMatchObject({
      label: "I'm not a robot",
      verified: 'Verified',
      expired: 'Verification expired. Try again.',
    });
  });

  it('reports the payload once solved, and null when it expires or fails', async () => {
    const { onChange } = await shown();
    await state({ state: 'verifying', payload: null });
    expect(onChange).toHaveBeenLastCalledWith(null);
    await state({ state: 'verified', payload: 'c29sdmVk' });
    expect(onChange).toHaveBeenLastCalledWith('c29sdmVk');
    await state({ state: 'expired', payload: 'c29sdmVk' });
    expect(onChange).toHaveBeenLastCalledWith(null);
    await state({ state: 'verified', payload: 'YWdhaW4=' });
    expect(onChange).toHaveBeenLastCalledWith('YWdhaW4=');
    await state({ state: 'error' });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("shows the form's message as an alert tied to the widget", async () => {
    await shown(vi.fn(), 'Please Submit the Captcha Correctly.');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please Submit the Captcha Correctly.');
    expect(widget()).toHaveAttribute('aria-describedby', alert.id);
  });

  it('is not shown at all when the form closes before the delay', async () => {
    const onChange = vi.fn();
    const view = render(<Captcha onChange={onChange} />);
    view.unmount();
    await act(async () => {
      vi.advanceTimersByTime(CAPTCHA_RENDER_DELAY_MS * 2);
    });
    expect(screen.queryByTestId('captcha')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});
