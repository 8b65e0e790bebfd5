/**
 * Whether an Accept-Encoding header takes a content coding (RFC 9110 §12.5.3): the coding (for gzip also `x-gzip`)
 * or `*`, with a q-value above 0; an explicit `q=0` for the coding refuses it even when `*` is there.
 */
export function acceptsCoding(header: string | string[] | undefined, coding: 'gzip' | 'br'): boolean {
  let star = false;
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const wanted = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding || (coding === 'gzip' && name === 'x-gzip')) return wanted;
    if (name === '*') star = wanted;
  }
  return star;
}

export const acceptsGzip = (header: string | string[] | undefined): boolean => acceptsCoding(header, 'gzip');
