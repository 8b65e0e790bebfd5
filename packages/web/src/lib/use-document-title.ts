import { useEffect } from 'react';
import { useI18n } from './i18n';

/** Each page names itself, then the site, in the reader's language, so screen-reader users hear where they landed. */
export function useDocumentTitle(title: string): void {
  const { t } = useI18n();
  const site = t('common.siteTitle');
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site;
  }, [title, site]);
}
