import { useMemo } from 'react';
import { currentAppVersion } from '../app-version';
import { useSession } from '../session';
import type { MonitoringContext } from './monitoring';

/** The caller's country, app flag and app version for monitoring events. */
export function useMonitoringContext(): MonitoringContext {
  const { user, inApp } = useSession();
  const version = currentAppVersion();
  return useMemo(
    () => ({
      // The profile has no city (sessionUserSchema): null, never a guess.
      profileCity: null,
      profileCountry: user?.country_code ?? null,
      appRequest: inApp,
      versionId: version === null ? null : String(version),
    }),
    [user?.country_code, inApp, version],
  );
}
