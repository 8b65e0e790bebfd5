import { AGENT_ARTICLES_PAGE_SIZE, type ArticleStatus, agentRoutes } from '@selfserve/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { errorText } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateArticle } from './api/edit-article';
import { useAgentArticles } from './api/get-articles';
import { statusLabel } from './status-label';
import './articles.css';

const statuses: ArticleStatus[] = ['published', 'draft', 'unpublished'];

/** /agent/articles: every article, the ones being worked on first, found by words of the title or by id. */
export function AgentArticlesPage() {
  const { t } = useI18n();
  useDocumentTitle(t('agent.articles.title'));
  const [params, setParams] = useSearchParams();
  const filters = {
    q: params.get('q') ?? '',
    status: (statuses as string[]).includes(params.get('status') ?? '') ? (params.get('status') as ArticleStatus) : '',
    changed: params.get('changed') === 'true',
    page: Math.max(1, Number(params.get('page')) || 1),
  } as const;
  const list = useAgentArticles(filters);
  const [query, setQuery] = useState(filters.q);
  const set = (next: Partial<Record<'q' | 'status' | 'changed' | 'page', string>>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / AGENT_ARTICLES_PAGE_SIZE));

  return (
    <section className="agent-articles">
      <h1>{t('agent.articles.title')}</h1>
      <form
        className="agent-articles__filters"
        aria-label={t('agent.articles.search')}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          set({ q: query.trim() });
        }}
      >
        <label>
          {t('agent.articles.search')}
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} maxLength={100} />
        </label>
        <label>
          {t('agent.articles.status')}
          <select value={filters.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{t('agent.articles.statusAll')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(statusLabel[s])}
              </option>
            ))}
          </select>
        </label>
        <label className="agent-articles__check">
          <input
            type="checkbox"
            checked={filters.changed}
            onChange={(e) => set({ changed: e.target.checked ? 'true' : '' })}
          />
          {t('agent.articles.onlyChanged')}
        </label>
        <Button type="submit">{t('agent.articles.find')}</Button>
      </form>

      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState
          error={list.error}
          onRetry={() => void list.refetch()}
          inline={{ className: 'agent-articles__error' }}
        />
      ) : list.data.articles.length === 0 ? (
        <p>{t('agent.articles.none')}</p>
      ) : (
        <table className="agent-table">
          <thead>
            <tr>
              <th scope="col">{t('agent.articles.colId')}</th>
              <th scope="col">{t('agent.articles.colTitle')}</th>
              <th scope="col">{t('agent.articles.colIndex')}</th>
              <th scope="col">{t('agent.articles.status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.articles.map((a) => (
              <tr key={a.id}>
                <td>{a.id}</td>
                <td>
                  <Link to={agentRoutes.article.replace(':id', a.id)}>{a.title}</Link>
                </td>
                <td>{a.index_name}</td>
                <td>
                  <span className={`agent-status agent-status--${a.status}`}>{t(statusLabel[a.status])}</span>
                  {a.has_draft ? (
                    <span className="agent-status agent-status--draft">{t('agent.articles.hasDraft')}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav className="agent-articles__pages" aria-label={t('agent.articles.pages')}>
          <Button
            variant="secondary"
            disabled={filters.page <= 1}
            onClick={() => set({ page: String(filters.page - 1) })}
          >
            {t('agent.articles.previous')}
          </Button>
          <span>{t('agent.articles.pageOf', { page: filters.page, pages })}</span>
          <Button
            variant="secondary"
            disabled={filters.page >= pages}
            onClick={() => set({ page: String(filters.page + 1) })}
          >
            {t('agent.articles.next')}
          </Button>
        </nav>
      ) : null}
      <NewArticle />
    </section>
  );
}

/** A new article: its category (by id), title and first text; it opens in the editor as a draft. */
function NewArticle() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const create = useCreateArticle();
  const [values, setValues] = useState({ parent: '', title: '', body: '' });
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });
  return (
    <details className="agent-articles__new">
      <summary>{t('agent.articles.new')}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(values, { onSuccess: ({ id }) => navigate(agentRoutes.article.replace(':id', id)) });
        }}
      >
        <label>
          {t('agent.articles.parent')}
          <input inputMode="numeric" pattern="\d{1,12}" required {...field('parent')} />
        </label>
        <label>
          {t('agent.articles.fieldTitle')}
          <input required maxLength={150} {...field('title')} />
        </label>
        <label>
          {t('agent.articles.fieldBody')}
          <textarea required rows={6} {...field('body')} />
        </label>
        {create.isError ? (
          <p className="form-error" role="alert">
            {errorText(create.error)}
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          {t('agent.articles.create')}
        </Button>
      </form>
    </details>
  );
}
