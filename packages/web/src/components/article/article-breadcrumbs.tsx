import { type ArticleSummary, routes } from '@selfserve/contract';
import { Link } from 'react-router';
import { contentLang } from '../../lib/content-lang';
import { useI18n } from '../../lib/i18n';

export interface ArticleBreadcrumbsProps {
  /** The page's own title: the last crumb, not a link. */
  title: string;
  /** The node's ancestors, top category first (the article answer's `ancestors`). */
  ancestors: readonly ArticleSummary[];
  /** Where an ancestor opens. */
  hrefFor: (node: ArticleSummary) => string;
}

/**
 * Help Centre › Category › Section › this page: where the page sits in the knowledge base, each level a link
 * back up (WAI breadcrumb pattern: a labelled nav with an ordered list, the current page marked aria-current).
 * The separators are drawn by CSS, so screen readers do not read them.
 */
export function ArticleBreadcrumbs({ title, ancestors, hrefFor }: ArticleBreadcrumbsProps) {
  const { t, locale } = useI18n();
  return (
    <nav className="kb-breadcrumbs" aria-label={t('articlePage.breadcrumbs')} data-testid="breadcrumbs">
      <ol>
        <li>
          <Link to={routes.home}>{t('articlePage.helpCentre')}</Link>
        </li>
        {ancestors.map((node) => (
          <li key={node.id}>
            <Link to={hrefFor(node)} data-node-id={node.id} lang={contentLang(node.title, locale)}>
              {node.title}
            </Link>
          </li>
        ))}
        <li>
          <span aria-current="page" lang={contentLang(title, locale)}>
            {title}
          </span>
        </li>
      </ol>
    </nav>
  );
}
