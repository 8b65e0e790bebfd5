import { ArticleNotFound } from '../../../components/article-not-found';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useArticle } from '../../../lib/kb/get-article';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { IssueForm, type IssueFormBooking, type IssueFormOrder } from './issue-form';

export interface ArticleIssueFormProps {
  articleId: string;
  booking?: IssueFormBooking | null;
  order?: IssueFormOrder | null;
  sourcePage?: string | null;
}

/** The issue form for one article: its title as the page heading, its rules, its id with the ticket. */
export function ArticleIssueForm({
  articleId,
  booking = null,
  order = null,
  sourcePage = null,
}: ArticleIssueFormProps) {
  const { t } = useI18n();
  const query = useArticle({ id: articleId, related: false });
  const article = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(article ? article.title : query.isError && !notFound ? t('sorry') : '');

  if (query.isPending) return <Loader fullPage />;
  if (notFound) return <ArticleNotFound />;
  if (!article) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <section className="ticket-panel" aria-labelledby="issue-form-heading" data-testid="article-issue-form">
      <h1 id="issue-form-heading">{article.title}</h1>
      <IssueForm key={article.id} article={article} booking={booking} order={order} sourcePage={sourcePage} />
    </section>
  );
}
