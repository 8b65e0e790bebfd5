import type { Article } from '@selfserve/contract';
import { useParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import { ArticleNotFound } from '../../../components/article-not-found';
import { useI18n } from '../../../lib/i18n';
import { useReportContextArticle } from '../../../lib/kb/report-context';
import '../../../components/kb.css';
import { labelOn } from '../../../lib/kb/labels';
import { useBack } from '../../../lib/use-back';
import { FormForUser } from '../components/form-for-user';
import { IssueForm } from '../components/issue-form';
import '../tickets.css';

/** The write-to-us form under an article's text. */
function WriteToUsSection({ article, sourcePage = null }: { article: Article; sourcePage?: string | null }) {
  const { t } = useI18n();
  return (
    <section className="ticket-panel" aria-labelledby="article-write-to-us" data-testid="article-write-to-us">
      <h2 id="article-write-to-us">{t('tickets.form.heading')}</h2>
      <FormForUser>
        <IssueForm key={article.id} article={article} sourcePage={sourcePage} />
      </FormForUser>
    </section>
  );
}

/** A one-touch article resolves the issue itself; any other gets the write-to-us form below its text. */
function ReportArticle({ id, onBack }: { id: string; onBack?: () => void }) {
  return (
    <ArticleView
      key={id}
      id={id}
      {...(onBack ? { onBack } : {})}
      renderExtra={(article) =>
        article.type === 'article' && !labelOn(article.labels, 'one_touch') ? (
          <WriteToUsSection article={article} />
        ) : null
      }
    />
  );
}

/** /report/{articleId} (guided-flows.md §2): the customer app's instant-resolution article. */
export function ReportPage() {
  const { articleId = '' } = useParams();
  return <ReportArticle id={articleId} />;
}

/**
 * /report/{tag}/default and /report/{context}/{previous} (spec §2, §4): the article a redirect tag or context stands
 * for, from the contract's table (reportContextArticles, docs/kb-content.md); a context it does not name is
 * 'Article not found.'.
 */
export function ReportTagPage() {
  const { tag = '', context = '', previous } = useParams();
  const id = useReportContextArticle(tag || context);
  // Back follows the route's previous (core.md §2 back modes: home, selfServe, myrides …) and the entry mode.
  const onBack = useBack({ previous: previous ?? null });
  if (!id) return <ArticleNotFound />;
  return <ReportArticle id={id} onBack={onBack} />;
}

/** /write_to_us/{source}/{context}/dreport/{id} (spec §2): an article with the write-to-us form. */
export function WriteToUsArticlePage() {
  const { source = '', id = '' } = useParams();
  const sourcePage = /^[\w-]{1,40}$/.test(source) ? source : null;
  return (
    <ArticleView
      key={id}
      id={id}
      renderExtra={(article) =>
        article.type === 'article' ? <WriteToUsSection article={article} sourcePage={sourcePage} /> : null
      }
    />
  );
}
