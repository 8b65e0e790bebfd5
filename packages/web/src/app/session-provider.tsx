import { isUkHost, membershipOf } from '@selfserve/contract';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useSelectDetails } from '../features/users/api/get-select-details';
import { useUserInfo } from '../features/users/api/get-user-info';
import { useSessionQuery } from '../lib/get-session';
import { setLocale, setReaderCountry } from '../lib/i18n';
import { allSwitchesOn, SessionContext, type SessionState } from '../lib/session';
import { readerCountryOf, siteHostname } from '../lib/site-location';

const noOrigins: readonly string[] = [];

/** Turns the session and user-info queries into the one app-wide context (lib/session). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const sessionQuery = useSessionQuery();
  const session = sessionQuery.data;
  const user = session?.user ?? null;
  const userInfoQuery = useUserInfo(user?.id);
  const userInfo = user ? userInfoQuery.data : undefined;
  const membership = useMemo(() => (userInfo ? membershipOf(userInfo) : null), [userInfo]);
  const isMember = Boolean(user?.is_member && membership?.isMember);
  // Only a trial member's auto-renewal changes what they see ('Canceling my membership', spec §6).
  const isTrialMember = isMember && userInfo?.membership_type === 'trial';
  const selectDetailsQuery = useSelectDetails(user?.id, isTrialMember);
  const autorenew = isTrialMember ? (selectDetailsQuery.data?.autorenew ?? null) : null;

  useEffect(() => {
    // Spec §6: unreadable membership flags are logged and the user counts as not a member.
    if (membership && membership.unparseable.length > 0) {
      console.warn('Unparseable membership flags; treating as not a member:', membership.unparseable.join(', '));
    }
  }, [membership]);

  // The server resolves the reader's language (a driver's profile, a chosen language, the browser's), docs/i18n.md.
  const language = session?.language;
  useEffect(() => {
    if (language) void setLocale(language);
  }, [language]);
  // Dates and numbers are written as in the reader's country: their profile's, else the site's.
  const country = readerCountryOf(session);
  useEffect(() => {
    setReaderCountry(country);
  }, [country]);

  const value = useMemo<SessionState>(
    () => ({
      status: session ? 'ready' : sessionQuery.isError ? 'error' : 'loading',
      user,
      inApp: session?.in_app ?? false,
      entryMode: session?.entry_mode ?? 'customer_website',
      demo: session?.demo ?? false,
      csrfToken: session?.csrf_token ?? null,
      ukHost: isUkHost(siteHostname(), session?.uk_host_marker),
      userInfo,
      userInfoStatus: user ? userInfoQuery.status : 'idle',
      // The session's flag alone could be stale; the stamp waits for get_user_info to agree.
      isMember,
      autorenew,
      switches: session?.switches ?? allSwitchesOn,
      codeSignIn: session?.code_sign_in ?? true,
      parentOrigins: session?.parent_origins ?? noOrigins,
      appDownloadUrl: session?.app_download_url ?? null,
    }),
    [session, sessionQuery.isError, user, userInfo, userInfoQuery.status, isMember, autorenew],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
