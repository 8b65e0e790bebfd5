import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { sanitizeArticleHtml } from '../../lib/kb/sanitize-html';

/**
 * The body HTML, sanitised again here (DOMPurify) and only then handed to React. Links inside the body
 * that stay on this site navigate within the app instead of reloading it.
 */
export function ArticleBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeArticleHtml(html), [html]);
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor?.href || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
      event.preventDefault();
      void navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);

  return (
    <div
      ref={container}
      className="kb-article__body"
      data-testid="article-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: only ever the DOMPurify output of sanitizeArticleHtml above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
