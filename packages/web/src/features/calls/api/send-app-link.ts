import { type AppLinkResponse, callPaths } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { ringGet } from './ring-get';

/** GET /api/send_app_link: texts the app's download link to the user's registered number. */
export function sendAppLink(platform?: 'android' | 'ios'): Promise<AppLinkResponse> {
  return ringGet<AppLinkResponse>(callPaths.sendAppLink, { platform });
}

export function useSendAppLink() {
  return useMutation({ mutationFn: () => sendAppLink(appPlatform()) });
}

/** The store the reader's device uses, when it says (the server picks its generic link otherwise). */
function appPlatform(): 'android' | 'ios' | undefined {
  if (typeof navigator === 'undefined') return undefined;
  if (/android/i.test(navigator.userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(navigator.userAgent)) return 'ios';
  return undefined;
}
