import { useEffect } from 'react';

const SUFFIX = 'Selfserve Help Centre';

/** Each page names itself so screen-reader users hear where a navigation landed. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SUFFIX}` : SUFFIX;
  }, [title]);
}
