import { languageNames, resolveLocale, type SupportedLocale, supportedLocales } from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { updatePreferredLanguage } from '../../features/users/api/preferred-language';
import { errorText } from '../../lib/api-client';
import { rememberLanguage, setLocale, useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';

// The same list GET get_preferred_language answers (a contract table), so the picker needs no request of its own;
// the current language is the one the session's answer resolved.
const offered = supportedLocales.map((code) => ({ code, name: languageNames[code] }));

/**
 * The language picker of the header and the side menu (docs/i18n.md). Each language is named in its own script. A
 * visitor's choice lives in a cookie; a signed-in user's is saved to their profile first, and the page switches only
 * when that answer says SUCCESS (core.md §5). Server answers already cached (articles, the session) are refetched
 * in the new language.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, locale } = useI18n();
  const { user } = useSession();
  const id = useId();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (wanted: SupportedLocale) => {
    setBusy(true);
    setFailure(null);
    try {
      let language = wanted;
      if (user) {
        const answer = await updatePreferredLanguage(wanted);
        if (answer.status !== 'SUCCESS') {
          setFailure(t('language.failed'));
          return;
        }
        language = answer.language;
      }
      rememberLanguage(language);
      await setLocale(language);
      await queryClient.invalidateQueries();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={className ? `language-picker ${className}` : 'language-picker'}>
      <label htmlFor={id} className="language-picker__label">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={locale}
        disabled={busy}
        lang={locale}
        data-testid="language-picker"
        onChange={(event) => void choose(resolveLocale(event.target.value))}
      >
        {offered.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
      {failure ? (
        <p role="alert" className="language-picker__error">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
