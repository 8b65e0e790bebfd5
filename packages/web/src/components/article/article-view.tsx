import { type Article, type ArticleSummary, CRN_SHAPE, reasonBlock } from '@selfserve/contract';
import { lazy, type ReactNode, Suspense, useEffect, useId } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { dayAttributes, formatDay } from '../../lib/day-format';
import { useI18n } from '../../lib/i18n';
import { useArticle } from '../../lib/kb/get-article';
import { rememberNode } from '../../lib/kb/kb-selection';
import { labelOn } from '../../lib/kb/labels';
import { nodeHref } from '../../lib/kb/paths';
import { useArticleViewTracking } from '../../lib/kb/use-article-view-tracking';
import { useBack } from '../../lib/use-back';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ArticleNotFound } from '../article-not-found';
import { BackButton } from '../back-button';
import { ErrorState } from '../error-state';
import { isKycDone } from '../kyc/kyc-form';
import { Loader } from '../loader';
import { NodeList } from '../node-list';
import { ArticleBody } from './article-body';
import { ArticleBreadcrumbs } from './article-breadcrumbs';
import { ArticleFeedback } from './article-feedback';
import { useArticleFlowSlot } from './article-flow-slot';
import { ArticleFooter } from './article-footer';
import { ArticleShare, shareableUrl } from './article-share';
import './article-page.css';

// Only KYC articles show the prompt: its own chunk, never the article page's.
const KycPrompt = lazy(() => import('../kyc/kyc-prompt').then((m) => ({ default: m.KycPrompt })));

/** Spec §4: article load status. */
export type ArticleLoadStatus = null | 'in_progress' | 'done';

export interface ArticleViewProps {
  /** The node to show; null shows nothing (status null) until the caller knows. */
  id: string | null;
  /** Restrict the lookup to these indexes (membership articles: customer_select + customer). */
  indexNames?: string[];
  /** Where child and related links go; by default an article on its page, a section as /section/{id}. */
  hrefFor?: (node: ArticleSummary) => string;
  /** Replaces the server's related list for articles (the /kb pages show the parent's other children). */
  related?: { nodes: readonly ArticleSummary[]; hrefFor: (node: ArticleSummary) => string };
  /** Where the server's related topics go; the article page by default (an order's article keeps the order). */
  relatedHref?: (node: ArticleSummary) => string;
  /** Where the breadcrumbs' categories and sections go; where the page's other links to a node go by default. */
  ancestorHref?: (node: ArticleSummary) => string;
  /** Where the footer's Write to us goes, when not the article's own form (an order's issue form). */
  writeToUsHref?: string;
  /** Back as a link to a fixed place (the /kb parent level). */
  backTo?: string;
  /** Back as an action of the page's own; by default the entry mode's Back (lib/use-back, docs/embedding.md). */
  onBack?: () => void;
  /**
   * Something the page adds under the article's text (the write-to-us form of /report/{articleId}). When it
   * renders anything, the footer leaves out its own write-to-us link: the form is already here.
   */
  renderExtra?: (article: Article) => ReactNode;
}

const defaultHref = (node: ArticleSummary) => nodeHref(node);

/** "Last updated 14 March 2026" (front matter `updated`), with the day as written (lib/day-format.ts). */
function LastUpdated({ day }: { day: string }) {
  const { t, intl } = useI18n();
  const date = formatDay(intl, day);
  return (
    <p className="kb-article__updated" data-testid="article-updated" {...dayAttributes(day, date)}>
      {t('articlePage.lastUpdated', { date })}
    </p>
  );
}

/**
 * The one article page of the app, for every article route: title with back, the sanitised body (unless
 * hide_body), children for categories and sections, related topics, 'Was this helpful?' and the
 * call-us / write-to-us footer. Loading shows the Loader; a 404 'Article not found.'; anything else the
 * generic failure text (spec §8).
 */
export function ArticleView({
  id,
  indexNames,
  hrefFor = defaultHref,
  related,
  relatedHref = defaultHref,
  ancestorHref = defaultHref,
  writeToUsHref,
  backTo,
  onBack,
  renderExtra,
}: ArticleViewProps) {
  const { t, locale } = useI18n();
  const titleId = useId();
  const location = useLocation();
  const FlowPanel = useArticleFlowSlot();
  // An article opened for a ride (/{crn}/dreport/…): its survey answer is that ride's.
  const routeCrn = useParams().crn;
  const crn = routeCrn !== undefined && CRN_SHAPE.test(routeCrn) ? routeCrn : null;
  const query = useArticle(id ? { id, ...(indexNames ? { index_name: indexNames } : {}) } : null);
  const article = query.data;
  const status: ArticleLoadStatus = id === null ? null : query.isPending ? 'in_progress' : 'done';

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // Back through history when there is some; a page opened directly goes up to its parent (or home) on the
  // website, tells the host at the top of a native app, and closes a share-pass popup (contract backAction).
  const parentOfArticle = article?.ancestors.at(-1);
  const modeBack = useBack({ fallback: parentOfArticle ? nodeHref(parentOfArticle) : null });
  useArticleViewTracking(article?.id ?? null);
  // This effect runs after the not-found page's own, so it names the failure too.
  useDocumentTitle(article?.title ?? (notFound ? t('articleNotFound') : query.isError ? t('sorry') : ''));
  useEffect(() => {
    if (article) rememberNode(article);
  }, [article]);

  if (status === null) return null;
  if (status === 'in_progress') {
    return (
      <div className="kb-article-state" data-load-status="in_progress">
        <Loader fullPage />
      </div>
    );
  }
  if (!article) {
    return (
      <div className="kb-article-state" data-load-status="done">
        {notFound ? <ArticleNotFound /> : <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      </div>
    );
  }

  const goBack = onBack ?? modeBack;
  const shownRelated =
    article.type === 'article' && related ? related : { nodes: article.related, hrefFor: relatedHref };
  const hideBody = labelOn(article.labels, 'hide_body');
  const withFeedback = article.type === 'article' && article.label_names.includes('article_feedback');
  const extra = renderExtra?.(article) ?? null;
  const updated = article.type === 'article' ? article.updated : null;

  return (
    <article
      className="page kb-article"
      aria-labelledby={titleId}
      data-load-status="done"
      data-article-id={article.id}
      data-type={article.type}
    >
      <ArticleBreadcrumbs title={article.title} ancestors={article.ancestors} hrefFor={ancestorHref} />
      <div className="kb-article__bar">
        <BackButton {...(backTo !== undefined ? { to: backTo } : { onBack: goBack })} />
        <h1 id={titleId} lang={article.language === locale ? undefined : article.language}>
          {article.title}
        </h1>
      </div>
      {/* Last updated (front matter `updated`, docs/kb-content.md) and sharing: articles only. */}
      {article.type === 'article' ? (
        <div className="kb-article__meta">
          {updated ? <LastUpdated day={updated} /> : null}
          <ArticleShare title={article.title} />
        </div>
      ) : null}
      {/* Not yet translated: the English (or Hindi-at-source) article, said in the reader's language. */}
      {article.language === locale ? null : (
        <p className="kb-article__untranslated" data-testid="article-not-translated">
          {t('kb.notTranslated')}
        </p>
      )}
      {/* show_title: articles written to stand alone repeat their title at the top of the text. */}
      {labelOn(article.labels, 'show_title') ? (
        <p className="kb-article__title" aria-hidden="true" data-testid="article-shown-title">
          {article.title}
        </p>
      ) : null}
      {hideBody || !(article.html_body || article.body) ? null : (
        <ArticleBody
          html={article.html_body || article.body}
          {...(article.language === locale ? {} : { lang: article.language })}
        />
      )}
      {article.articles.length > 0 ? (
        <nav className="kb-article__children" aria-label={t('kb.topicsIn', { title: article.title })}>
          <NodeList nodes={article.articles} hrefFor={hrefFor} testId="article-children" />
        </nav>
      ) : null}
      {extra}
      {/* The KYC prompt (side_load show_kyc), and the notice after a KYC category's post came back here. */}
      {article.side_load.show_kyc === true ||
      (article.label_names.includes('do_your_kyc') && isKycDone(location.search)) ? (
        <Suspense fallback={null}>
          <KycPrompt article={article} />
        </Suspense>
      ) : null}
      {/* The article's guided form: registered by call_type (lost item, billing dispute), else the one-touch panel. */}
      {FlowPanel ? <FlowPanel article={article} onReload={() => void query.refetch()} /> : null}
      {withFeedback ? (
        <ArticleFeedback
          key={`${article.id}/${crn ?? ''}`}
          articleId={article.id}
          counts={article.feedback}
          reasons={reasonBlock(article.embedded, 'Feedback')}
          crn={crn}
        />
      ) : null}
      {shownRelated.nodes.length > 0 ? (
        <section className="kb-related" aria-labelledby={`${titleId}-related`} data-testid="related-topics">
          <h2 id={`${titleId}-related`}>{t('kb.relatedTopics')}</h2>
          <NodeList nodes={shownRelated.nodes} hrefFor={shownRelated.hrefFor} />
        </section>
      ) : null}
      <ArticleFooter
        articleId={article.id}
        labels={article.labels}
        tags={article.label_names}
        writeToUs={extra === null}
        writeToUsHref={writeToUsHref}
      />
      {/* Only on paper (article-page.css): where the printed page lives online. */}
      <p className="kb-article__print-url" data-testid="article-print-url">
        {t('articlePage.printedFrom', { url: shareableUrl(location) })}
      </p>
    </article>
  );
}
