/**
 * What the browser or host app says about the device, for monitoring (core.md §7; docs/telemetry.md). Only what is
 * exposed is read — user-agent client hints where the browser has them (Chromium, Android WebView), else the plain
 * user agent's own words — and anything not exposed is null, never a guess. No browser exposes a device's name.
 */
export interface DeviceInfo {
  osName: string | null;
  osVersion: string | null;
  deviceName: string | null;
  deviceModel: string | null;
}

interface HighEntropyValues {
  platform?: string;
  platformVersion?: string;
  model?: string;
}
interface UserAgentData {
  platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<HighEntropyValues>;
}

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The user agent's own words: Android 14 / iPhone OS 17_2 / Windows NT 10.0 / Mac OS X 10_15_7, and an Android model. */
export function deviceInfoFromUserAgent(ua: string): DeviceInfo {
  const android = /Android (\d+(?:\.\d+)*)(?:;\s*([^;)]+?))?(?:\s+Build\/[^;)]*)?[;)]/.exec(ua);
  if (android) {
    const model = text(android[2]);
    // Chrome's reduced user agent says 'K' instead of the model.
    return {
      osName: 'Android',
      osVersion: android[1] ?? null,
      deviceName: null,
      deviceModel: model === 'K' ? null : model,
    };
  }
  const ios = /(?:iPhone|CPU) OS (\d+(?:_\d+)*)/.exec(ua);
  if (ios) {
    return { osName: 'iOS', osVersion: ios[1]?.replaceAll('_', '.') ?? null, deviceName: null, deviceModel: null };
  }
  const windows = /Windows NT (\d+(?:\.\d+)*)/.exec(ua);
  if (windows) return { osName: 'Windows', osVersion: windows[1] ?? null, deviceName: null, deviceModel: null };
  const mac = /Mac OS X (\d+(?:[._]\d+)*)/.exec(ua);
  if (mac)
    return { osName: 'macOS', osVersion: mac[1]?.replaceAll('_', '.') ?? null, deviceName: null, deviceModel: null };
  if (/Linux/.test(ua)) return { osName: 'Linux', osVersion: null, deviceName: null, deviceModel: null };
  return { osName: null, osVersion: null, deviceName: null, deviceModel: null };
}

/** Client hints win where given (a frozen user agent reports old versions); the user agent fills the rest. */
export function mergeClientHints(fromUa: DeviceInfo, hints: HighEntropyValues | null): DeviceInfo {
  if (!hints) return fromUa;
  return {
    osName: text(hints.platform) ?? fromUa.osName,
    osVersion: text(hints.platformVersion) ?? fromUa.osVersion,
    deviceName: fromUa.deviceName,
    deviceModel: text(hints.model) ?? fromUa.deviceModel,
  };
}

let known: DeviceInfo | null = null;

function userAgentData(): UserAgentData | undefined {
  return (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
}

/** The device as known now: the user agent at once, completed by the client hints once they have answered. */
export function deviceInfo(): DeviceInfo {
  if (known) return known;
  const fromUa = deviceInfoFromUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  known = mergeClientHints(fromUa, { platform: userAgentData()?.platform ?? '' });
  const ask = userAgentData()?.getHighEntropyValues;
  if (ask) {
    ask
      .call(userAgentData(), ['platform', 'platformVersion', 'model'])
      .then((hints) => {
        known = mergeClientHints(fromUa, hints);
      })
      .catch(() => {});
  }
  return known;
}

/** Tests start from a fresh browser. */
export function forgetDeviceInfo(): void {
  known = null;
}
