import {
  type AgentArticle,
  agentRoutes,
  languageNames,
  type SupportedLocale,
  supportedLocales,
} from '@selfserve/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { errorText } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAgent } from '../use-agent';
import { useArticleEdits } from './api/edit-article';
import { useAgentArticle } from './api/get-articles';
import { useArticlePreview } from './api/preview';
import { statusLabel } from './status-label';
import './articles.css';

interface EditorValues {
  title: string;
  body: string;
  /** English only: the article's own settings, as JSON and a comma list */
  labels: string;
  tags: string;
  side_load: string;
}

function valuesOf(article: AgentArticle, locale: SupportedLocale): EditorValues {
  const version = article.locales.find((l) => l.locale === locale);
  const shown = version?.draft ?? version?.published;
  return {
    title: shown?.title ?? '',
    body: shown?.body ?? '',
    labels: JSON.stringify(article.labels, null, 2),
    tags: article.tags.join(', '),
    side_load: JSON.stringify(article.side_load, null, 2),
  };
}

/** A JSON object typed by an author, or the reason it is not one. */
function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text.trim() || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * /agent/articles/:id: the article as a content file (docs/agent.md "Articles"). Agents save drafts in any language;
 * admins publish them (readers see the change within a second) or take the article away from readers.
 */
export function AgentArticleEditorPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const me = useAgent();
  const article = useAgentArticle(id);
  const edits = useArticleEdits(id);
  const [locale, setLocale] = useState<SupportedLocale>('en');
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<EditorValues>({
    defaultValues: { title: '', body: '', labels: '{}', tags: '', side_load: '{}' },
  });
  const body = form.watch('body');
  const preview = useArticlePreview(body);
  useDocumentTitle(article.data ? `${t('agent.articles.edit')} ${id}` : t('agent.articles.title'));

  // The form shows the chosen language's draft, else what readers see in it; a save or publish brings the new state.
  const data = article.data;
  useEffect(() => {
    if (data) form.reset(valuesOf(data, locale));
  }, [data, locale, form]);

  if (article.isPending) return <Loader fullPage />;
  if (article.isError) return <ErrorState error={article.error} onRetry={() => void article.refetch()} />;
  const a = article.data;
  const version = a.locales.find((l) => l.locale === locale);
  const hasDrafts = a.locales.some((l) => l.draft);
  const isAdmin = me.staff_role === 'admin';
  const failure = edits.save.error ?? edits.discard.error ?? edits.change.error;

  const save = form.handleSubmit((values) => {
    setNotice(null);
    const labels = jsonObject(values.labels);
    const sideLoad = jsonObject(values.side_load);
    if (locale === 'en' && (!labels || !sideLoad)) {
      form.setError(labels ? 'side_load' : 'labels', { message: t('agent.articles.notJson') });
      return;
    }
    edits.save.mutate(
      {
        locale,
        title: values.title,
        body: values.body,
        ...(locale === 'en'
          ? {
              labels: labels as Record<string, string | number | boolean>,
              tags: values.tags
                .split(',')
                .map((tag) => tag.trim())
                .filter(Boolean),
              side_load: sideLoad as Record<string, unknown>,
            }
          : {}),
      },
      { onSuccess: () => setNotice(t('agent.articles.saved')) },
    );
  });

  return (
    <section className="agent-editor">
      <p>
        <Link to={agentRoutes.articles}>{t('agent.articles.back')}</Link>
      </p>
      <h1>
        {t('agent.articles.edit')} {a.id}
      </h1>
      <p className="agent-editor__meta" data-testid="article-status">
        <span className={`agent-status agent-status--${a.article_status}`}>{t(statusLabel[a.article_status])}</span> ·{' '}
        {a.index_name}
        {hasDrafts ? ` · ${t('agent.articles.hasDraft')}` : ''}
      </p>

      <fieldset className="agent-editor__locales">
        <legend className="visually-hidden">{t('agent.articles.languages')}</legend>
        {supportedLocales.map((l) => {
          const v = a.locales.find((x) => x.locale === l);
          return (
            <button
              key={l}
              type="button"
              lang={l}
              aria-pressed={l === locale}
              className={v?.draft ? 'agent-editor__locale agent-editor__locale--draft' : 'agent-editor__locale'}
              onClick={() => setLocale(l)}
            >
              {languageNames[l]}
              {v?.draft ? ' •' : ''}
            </button>
          );
        })}
      </fieldset>

      <form className="agent-editor__form" onSubmit={save} lang={locale}>
        <label>
          {t('agent.articles.fieldTitle')}
          <input {...form.register('title', { required: true, maxLength: 150 })} data-testid="article-title" />
        </label>
        <div className="agent-editor__panes">
          <label>
            {t('agent.articles.fieldBody')}
            <textarea rows={18} {...form.register('body')} data-testid="article-body" />
          </label>
          <div>
            <p className="agent-editor__pane-title">{t('agent.articles.preview')}</p>
            {/* Sanitised by the server as it will publish it, and again here as every article body is. */}
            <div
              className="article-body agent-editor__preview"
              data-testid="article-preview"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised twice (server and DOMPurify)
              dangerouslySetInnerHTML={{ __html: preview.data ?? '' }}
            />
          </div>
        </div>
        {locale === 'en' ? (
          <fieldset className="agent-editor__settings">
            <legend>{t('agent.articles.settings')}</legend>
            <label>
              {t('agent.articles.fieldTags')}
              <input {...form.register('tags')} />
            </label>
            <label>
              {t('agent.articles.fieldLabels')}
              <textarea
                rows={4}
                {...form.register('labels')}
                aria-invalid={form.formState.errors.labels ? true : undefined}
              />
            </label>
            {form.formState.errors.labels ? <p className="form-error">{form.formState.errors.labels.message}</p> : null}
            <label>
              {t('agent.articles.fieldSideLoad')}
              <textarea
                rows={4}
                {...form.register('side_load')}
                aria-invalid={form.formState.errors.side_load ? true : undefined}
              />
            </label>
            {form.formState.errors.side_load ? (
              <p className="form-error">{form.formState.errors.side_load.message}</p>
            ) : null}
          </fieldset>
        ) : null}

        {failure ? (
          <p className="form-error" role="alert">
            {errorText(failure)}
          </p>
        ) : null}
        {notice ? (
          <p className="agent-editor__notice" role="status">
            {notice}
          </p>
        ) : null}
        <div className="agent-editor__actions">
          <Button type="submit" disabled={edits.save.isPending}>
            {t('agent.articles.saveDraft')}
          </Button>
          {version?.draft ? (
            <Button
              variant="secondary"
              disabled={edits.discard.isPending}
              onClick={() =>
                edits.discard.mutate(locale, { onSuccess: () => setNotice(t('agent.articles.discarded')) })
              }
            >
              {t('agent.articles.discard')}
            </Button>
          ) : null}
          {isAdmin && (hasDrafts || a.article_status !== 'published') ? (
            <Button
              disabled={edits.change.isPending}
              onClick={() =>
                edits.change.mutate('publish', { onSuccess: () => setNotice(t('agent.articles.published')) })
              }
            >
              {t('agent.articles.publish')}
            </Button>
          ) : null}
          {isAdmin && a.article_status === 'published' ? (
            <Button
              variant="secondary"
              disabled={edits.change.isPending}
              onClick={() =>
                edits.change.mutate('unpublish', { onSuccess: () => setNotice(t('agent.articles.unpublished')) })
              }
            >
              {t('agent.articles.unpublish')}
            </Button>
          ) : null}
        </div>
        {!isAdmin ? <p className="field-hint">{t('agent.articles.adminPublishes')}</p> : null}
      </form>

      {a.trail.length > 0 ? (
        <section className="agent-editor__trail">
          <h2>{t('agent.articles.history')}</h2>
          <ul>
            {a.trail.map((e) => (
              <li key={`${e.at}-${e.action}`}>
                <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time> · {e.actor} · {e.action}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
