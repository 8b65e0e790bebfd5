import { routes, SELECT_INDEX } from '@selfserve/contract';
import { Navigate, useParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import '../../../components/kb.css';

/**
 * The index names for /dreport/{articleId}/{type}. The type defaults to customer, for which the server
 * picks the viewer's own indexes (and still refuses what they may not see); 'select' reads the
 * membership index first, like /support/dreport/{id}/select.
 */
export function dreportIndexes(type: string | undefined): string[] | undefined {
  return type === 'select' ? [SELECT_INDEX, 'customer'] : undefined;
}

/** /dreport/{articleId}[/{type}]; bare /dreport goes to /main (spec §2). */
export function DreportPage() {
  const { articleId, type = 'customer' } = useParams();
  if (!articleId) return <Navigate to={routes.main} replace />;
  const indexNames = dreportIndexes(type);
  return <ArticleView key={`${articleId}/${type}`} id={articleId} {...(indexNames ? { indexNames } : {})} />;
}

/** /support/dreport/{articleId}/select: a membership article (index customer_select, then customer). */
export function SupportSelectArticlePage() {
  const { articleId = '' } = useParams();
  return <ArticleView key={articleId} id={articleId} indexNames={[SELECT_INDEX, 'customer']} />;
}
