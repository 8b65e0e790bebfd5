import { CSRF_HEADER } from '@selfserve/contract';
import { api, getCsrfToken } from '../../../lib/api-client';

/**
 * The spec's GETs that ring or text someone (call-back, masked call, app link): the server wants the CSRF header on
 * them like on a POST, so another site cannot trigger a call with a link (docs/telephony.md).
 */
export function ringGet<T>(path: string, query: Record<string, string | undefined>): Promise<T> {
  const token = getCsrfToken();
  return api.get<T>(path, { query, ...(token ? { headers: { [CSRF_HEADER]: token } } : {}) });
}
