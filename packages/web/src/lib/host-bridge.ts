import { HOST_BRIDGE_FALLBACK_URL, HOST_BRIDGE_NAME, SHARE_PASS_CLOSE } from '@selfserve/contract';

/**
 * The host app's side of Back (docs/embedding.md). Android puts an object with `finish()` on window under
 * HOST_BRIDGE_NAME (addJavascriptInterface); iOS registers a script message handler of that name; with neither, the
 * page goes to the fallback URL scheme, which the app's WebView intercepts.
 */
interface HostBridge {
  finish?: () => void;
}
interface HostWindow {
  [HOST_BRIDGE_NAME]?: HostBridge;
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined> };
}

export function signalHostBack(win: Window = window): 'bridge' | 'webkit' | 'location' {
  const host = win as unknown as HostWindow;
  const bridge = host[HOST_BRIDGE_NAME];
  if (bridge && typeof bridge.finish === 'function') {
    bridge.finish();
    return 'bridge';
  }
  const handler = host.webkit?.messageHandlers?.[HOST_BRIDGE_NAME];
  if (handler && typeof handler.postMessage === 'function') {
    handler.postMessage({ type: 'finish' });
    return 'webkit';
  }
  win.location.assign(HOST_BRIDGE_FALLBACK_URL);
  return 'location';
}

/**
 * A share-pass popup's Back (core.md §2): `{ type: 'CLOSE' }` to the parent page, once per configured parent origin
 * — the browser delivers it only if the parent is on that origin, so nobody else learns of it. No origin configured
 * (or no parent at all): nothing is posted, and false says the popup must close itself.
 */
export function postCloseToParent(origins: readonly string[], win: Window = window): boolean {
  if (win.parent === win || origins.length === 0) return false;
  for (const origin of origins) win.parent.postMessage(SHARE_PASS_CLOSE, origin);
  return true;
}
