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
      profileCountry: user?.country_code,
      appRequest: inApp,
      versionId: version === null ? undefined : String(version),
    }),
    [user?.country_code, inApp, version],
  );
}
