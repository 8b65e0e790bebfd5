import { CAPTCHA_RENDER_DELAY_MS, captchaPaths } from '@selfserve/contract';
import type {} from 'altcha/types/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import './captcha.css';

export interface CaptchaProps {
  /** The solved captcha to send as the form's `captcha`; null until solved, and again once it expires or fails. */
  onChange: (payload: string | null) => void;
  /** The form's message under the widget ('Please Submit the Captcha Correctly.'). */
  error?: string | undefined;
}

/** The widget's texts, keyed as ALTCHA names them, from our locale files (captcha.*). */
const WIDGET_TEXTS = [
  'label',
  'loading',
  'verifying',
  'verified',
  'error',
  'expired',
  'reload',
  'verify',
  'verificationRequired',
  'waitAlert',
] as const;

interface StateChange {
  state?: string;
  payload?: string | null;
}

/**
 * The self-hosted captcha of the visitor forms (docs/captcha.md): an ALTCHA proof of work that the browser solves
 * (a checkbox, no picture puzzle), shown CAPTCHA_RENDER_DELAY_MS after the form (guided-flows.md §9). It starts
 * working when the form is first focused, so it is usually done by the time the visitor submits.
 */
export function Captcha({ onChange, error }: CaptchaProps) {
  const { t, locale } = useI18n();
  const errorId = useId();
  const [shown, setShown] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<HTMLElement>(null);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    const timer = setTimeout(() => setShown(true), CAPTCHA_RENDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!shown) return;
    let live = true;
    void import('./load-altcha').then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [shown]);

  // The widget's texts in the reader's language, registered under our own key so ALTCHA's own set stays out.
  const language = `selfserve-${locale}`;
  useEffect(() => {
    if (!loaded) return;
    const texts = Object.fromEntries(WIDGET_TEXTS.map((k) => [k, t(`captcha.${k}`)]));
    globalThis.$altcha.i18n.set(language, { ...globalThis.$altcha.i18n.get('en'), ...texts });
  }, [loaded, language, t]);

  useEffect(() => {
    const el = widget.current;
    if (!loaded || !el) return;
    const onState = (e: Event) => {
      const { state, payload } = ((e as CustomEvent<StateChange>).detail ?? {}) as StateChange;
      report.current(state === 'verified' && payload ? payload : null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [loaded]);

  if (!shown) return null;
  return (
    <div className="captcha" data-testid="captcha">
      {loaded ? (
        <altcha-widget
          ref={widget}
          challenge={captchaPaths.challenge}
          language={language}
          auto="onfocus"
          configuration={JSON.stringify({ hideLogo: false, hideFooter: true })}
          aria-describedby={error ? errorId : undefined}
        />
      ) : (
        <p className="captcha-loading">{t('captcha.loading')}</p>
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
