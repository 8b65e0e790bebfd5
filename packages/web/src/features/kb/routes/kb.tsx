import { type ArticleSummary, routes } from '@selfserve/contract';
import { Link, useParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { useI18n } from '../../../lib/i18n';
import { useArticle } from '../../../lib/kb/get-article';
import { useKbMeta } from '../../../lib/kb/get-kb-meta';
import { useVisibleCategories } from '../../../lib/kb/use-kb-viewer';
import '../../../components/kb.css';
import { articleHref, KB_MAX_DEPTH, kbHref } from '../../../lib/kb/paths';

/** /kb: the top categories, the first one shown with its children. */
function KbRoot() {
  const { t } = useI18n();
  const meta = useKbMeta();
  const { categories, ready } = useVisibleCategories(meta.data?.data);
  if (meta.isError) return <ErrorState error={meta.error} onRetry={() => void meta.refetch()} />;
  if (!ready) return <Loader fullPage />;
  const first = categories[0];
  if (!first) return <p className="page">{t('kb.noTopics')}</p>;
  return (
    <div className="kb-root">
      <nav className="kb-root__categories" aria-label={t('kb.topicsLabel')}>
        <ul className="kb-categories" data-testid="category-list">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={kbHref([category.id])}
                className="kb-category"
                aria-current={category.id === first.id ? 'true' : undefined}
              >
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ArticleView id={first.id} hrefFor={(child) => kbHref([first.id, child.id])} backTo={routes.home} />
    </div>
  );
}

/** /kb/{id1}[/{id2}[/{id3}]]: the last id, its children one level down, Back one level up. */
function KbNode({ ids }: { ids: string[] }) {
  const id = ids.at(-1) as string;
  const parentPath = ids.slice(0, -1);
  // The same query the article view makes (shared cache): its ancestors name the parent of a top-level id.
  const node = useArticle({ id });
  const parentId = parentPath.at(-1) ?? node.data?.ancestors.at(-1)?.id ?? null;
  const parent = useArticle(parentId ? { id: parentId } : null);
  const siblings = parent.data?.articles.filter((n) => n.id !== id) ?? [];

  // Below the third level the hierarchy has no more room: deeper nodes open on the article page.
  const childHref = (child: ArticleSummary) =>
    ids.length < KB_MAX_DEPTH ? kbHref([...ids, child.id]) : articleHref(child.id);
  const siblingHref = (sibling: ArticleSummary) => kbHref([...parentPath, sibling.id]);

  return (
    <ArticleView
      key={id}
      id={id}
      hrefFor={childHref}
      related={parentId ? { nodes: siblings, hrefFor: siblingHref } : undefined}
      backTo={kbHref(parentPath)}
    />
  );
}

/** The hierarchical knowledge base (spec §2 /kb …): open to visitors like the rest of the knowledge base. */
export function KbPage() {
  const { id1, id2, id3 } = useParams();
  const ids = [id1, id2, id3].filter((v): v is string => Boolean(v));
  if (ids.length === 0) return <KbRoot />;
  return <KbNode key={ids.join('/')} ids={ids} />;
}
