import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { siteOrigin } from '../../lib/site-location';
import { Button } from '../button';
import { useToast } from '../toast';

/** The page's address as a reader would share it (origin, path and query; no fragment); safe to render on a server. */
export function shareableUrl(location: { pathname: string; search: string }): string {
  return `${siteOrigin()}${location.pathname}${location.search}`;
}

const noSubscription = () => () => {};
const browserCanShare = () => typeof navigator.share === 'function';
const serverCannotShare = () => false;

/**
 * Copy link (the clipboard; 'Link copied' is said in the polite toast region) and, where the browser has one, the
 * system share sheet (Web Share). Without clipboard access the toast says to copy the address bar instead.
 */
export function ArticleShare({ title }: { title: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const location = useLocation();
  const url = shareableUrl(location);
  // Known only in the browser: the server's HTML (and so the hydrating render) leaves the button out.
  const canShare = useSyncExternalStore(noSubscription, browserCanShare, serverCannotShare);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast.show(t('articlePage.linkCopied'));
    } catch {
      toast.show(t('articlePage.copyFailed'));
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying the link.
      if ((error as DOMException | null)?.name !== 'AbortError') await copy();
    }
  };

  return (
    <fieldset className="kb-share" data-testid="article-share">
      <legend className="visually-hidden">{t('articlePage.shareLabel')}</legend>
      <Button variant="secondary" onClick={() => void copy()} data-testid="copy-link">
        {t('articlePage.copyLink')}
      </Button>
      {canShare ? (
        <Button variant="secondary" onClick={() => void share()} data-testid="web-share">
          {t('articlePage.share')}
        </Button>
      ) : null}
    </fieldset>
  );
}
