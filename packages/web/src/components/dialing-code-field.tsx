import { dialingCodeOf } from '@selfserve/contract';
import { useEffect, useRef } from 'react';
import { useCountries } from '../lib/countries';
import { useI18n } from '../lib/i18n';
import { useSession } from '../lib/session';
import { Field } from './field';

export interface DialingCodeFieldProps {
  /**
   * The chosen country's code ('IN'; its dialing code is contract dialingCodeOf), '' while none is chosen. The
   * country rather than the code: the USA and Canada share +1.
   */
  value: string;
  onChange: (countryCode: string) => void;
  /** shown under the control (a form's "Please Select Dialing Code", see dialingCodeError) */
  error?: string | null;
  label?: string;
}

/**
 * A form's check of the chosen country (guided-flows.md §5): the catalogue code of 'Please Select Dialing Code'
 * when none, or one not in the list, is chosen; null when it has a dialing code. The contract's visitor payloads
 * say the same of the code sent (`dialing_code`), so the server agrees.
 */
export function dialingCodeError(countryCode: string | null | undefined): 'selectDialingCode' | null {
  return dialingCodeOf(countryCode) ? null : 'selectDialingCode';
}

/** The country a visitor's phone number most likely has: the signed-in user's, else the site's (the UK site: GB). */
export function ownCountry(user: { country_code?: string | null } | null, ukHost: boolean): string {
  return (user?.country_code || (ukHost ? 'GB' : 'IN')).toUpperCase();
}

/**
 * The dialing code of a phone number, from the served country list (docs/users.md). Starts on the viewer's own
 * country's code (ownCountry), once: a visitor who then chooses none keeps none, and the form says 'Please
 * Select Dialing Code'.
 */
export function DialingCodeField({ value, onChange, error = null, label }: DialingCodeFieldProps) {
  const { t } = useI18n();
  const { user, ukHost } = useSession();
  const countries = useCountries();
  const own = ownCountry(user, ukHost);
  const defaulted = useRef(value !== '');

  useEffect(() => {
    if (defaulted.current || !countries.data) return;
    defaulted.current = true;
    if (!value && countries.data.some((c) => c.country_code === own)) onChange(own);
  }, [value, own, countries.data, onChange]);

  return (
    <Field label={label ?? t('dialingCode.label')} error={error}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={!countries.data}
          data-testid="dialing-code"
        >
          <option value="">{countries.isError ? t('dialingCode.unavailable') : t('dialingCode.choose')}</option>
          {(countries.data ?? []).map((c) => (
            <option key={c.country_code} value={c.country_code}>
              {t('dialingCode.option', { name: c.name, code: c.dialing_code })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
