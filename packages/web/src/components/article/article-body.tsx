import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { sanitizeArticleHtml } from '../../lib/kb/sanitize-html';
import { Zoomable } from '../zoomable/zoomable';

/** Puts an element React did not make (an image of the body's HTML) inside a React subtree. */
function Adopted({ node }: { node: HTMLElement }) {
  const slot = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    slot.current?.appendChild(node);
  }, [node]);
  return <span ref={slot} />;
}

interface BodyImage {
  host: HTMLElement;
  img: HTMLImageElement;
}

/**
 * Every image of the body becomes zoomable (core.md §9) once the page runs in the browser: each <img> is swapped
 * for a host element that a portal fills with the shared Zoomable, the image moved inside it. The server's HTML keeps
 * plain images; the swap is undone when the body changes or goes.
 */
function useZoomableImages(container: RefObject<HTMLDivElement | null>, html: string): BodyImage[] {
  const [images, setImages] = useState<BodyImage[]>([]);
  useEffect(() => {
    const element = container.current;
    if (!element || !html) return;
    const found = [...element.querySelectorAll('img')].map((img) => {
      const host = document.createElement('span');
      host.className = 'kb-article__zoomable';
      img.replaceWith(host);
      img.draggable = false;
      return { host, img };
    });
    setImages(found);
    return () => {
      for (const { host, img } of found) host.replaceWith(img);
      setImages([]);
    };
  }, [container, html]);
  return images;
}

/**
 * The body HTML, sanitised again here (DOMPurify) and only then handed to React. Links inside the body
 * that stay on this site navigate within the app instead of reloading it.
 */
/** `lang`: the language the body is written in, when it is not the page's (an untranslated article). */
export function ArticleBody({ html, lang }: { html: string; lang?: string }) {
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

  const images = useZoomableImages(container, clean);

  return (
    <>
      <div
        ref={container}
        lang={lang}
        className="kb-article__body"
        data-testid="article-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: only ever the DOMPurify output of sanitizeArticleHtml above
        dangerouslySetInnerHTML={{ __html: clean }}
      />
      {images.map(({ host, img }, i) =>
        createPortal(
          <Zoomable testId="article-image-zoom">
            <Adopted node={img} />
          </Zoomable>,
          host,
          `${i}:${img.src}`,
        ),
      )}
    </>
  );
}
