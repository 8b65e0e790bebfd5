import type { ArticleSummary, CategoryNode } from '@selfserve/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { contentLang } from '../lib/content-lang';
import { useI18n } from '../lib/i18n';
import { NodeList } from './node-list';

export interface CategoryBrowserProps {
  categories: readonly CategoryNode[];
  selectedId: string;
  /** In-page selection (home); the chosen category's children show beside the list. */
  onSelect: (category: CategoryNode) => void;
  childHref: (child: ArticleSummary) => string;
  onOpenChild?: (child: ArticleSummary) => void;
  /** A link under the children to the category's own page (/section). */
  seeAllHref?: string;
}

/**
 * The main category list (spec §2 /home): top categories as toggle buttons, the selected one's sections
 * and articles beside them. The caller preselects the first category.
 */
export function CategoryBrowser({
  categories,
  selectedId,
  onSelect,
  childHref,
  onOpenChild,
  seeAllHref,
}: CategoryBrowserProps) {
  const { t, locale } = useI18n();
  const panelId = useId();
  const selected = categories.find((c) => c.id === selectedId) ?? categories[0];
  if (!selected) return <p data-testid="kb-no-topics">{t('kb.noTopics')}</p>;

  return (
    <div className="kb-browser" data-testid="category-browser">
      <nav className="kb-browser__categories" aria-label={t('kb.topicsLabel')}>
        <ul className="kb-categories" data-testid="category-list">
          {categories.map((category) => (
            <li key={category.id}>
              <button
                type="button"
                className="kb-category"
                aria-pressed={category.id === selected.id}
                aria-controls={panelId}
                data-category-id={category.id}
                onClick={() => onSelect(category)}
                lang={contentLang(category.title, locale)}
              >
                {category.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="kb-browser__panel" id={panelId} aria-labelledby={`${panelId}-heading`}>
        <h2 id={`${panelId}-heading`} lang={contentLang(selected.title, locale)}>
          {selected.title}
        </h2>
        {selected.articles.length > 0 ? (
          <NodeList nodes={selected.articles} hrefFor={childHref} onOpen={onOpenChild} testId="category-children" />
        ) : (
          <p>{t('kb.noTopics')}</p>
        )}
        {seeAllHref ? (
          <p className="kb-browser__more">
            <Link to={seeAllHref}>{t('kb.seeAll', { title: selected.title })}</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
