import {
  AGENT_TICKETS_PAGE_SIZE,
  type AgentTicketListQuery,
  type AgentTicketRow,
  agentRoutes,
  agentTicketCategories,
  countries,
} from '@selfserve/contract';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, isoDateTime } from '../../../lib/format-date';
import { type LabelKey, useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAgent } from '../use-agent';
import { useAgentTickets, useAssign } from './api';
import './agent-tickets.css';

const statuses = ['active', 'open', 'pending', 'solved', 'closed', 'all'] as const;
const priorities = ['safety', 'urgent', 'normal'] as const;
const assignees = ['any', 'me', 'none'] as const;

/** The link to one ticket of the console. */
export const agentTicketHref = (id: string) => agentRoutes.ticket.replace(':id', encodeURIComponent(id));

/** The filters live in the address, so a filtered queue can be reloaded and shared between agents. */
function useQueueQuery(): [Partial<AgentTicketListQuery>, (next: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const query: Partial<AgentTicketListQuery> = {};
  const status = params.get('status');
  if (status && (statuses as readonly string[]).includes(status))
    query.status = status as AgentTicketListQuery['status'];
  const country = params.get('country');
  if (country) query.country = country;
  const category = params.get('category');
  if (category && (agentTicketCategories as readonly string[]).includes(category))
    query.category = category as AgentTicketListQuery['category'];
  const priority = params.get('priority');
  if (priority && (priorities as readonly string[]).includes(priority))
    query.priority = priority as AgentTicketListQuery['priority'];
  const assignee = params.get('assignee');
  if (assignee && (assignees as readonly string[]).includes(assignee))
    query.assignee = assignee as AgentTicketListQuery['assignee'];
  const q = params.get('q');
  if (q) query.q = q;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    // A new filter starts from the first page.
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };
  return [query, update];
}

export function TicketInboxPage() {
  const { t } = useI18n();
  const me = useAgent();
  useDocumentTitle(t('agent.tickets.title'));
  const [query, update] = useQueueQuery();
  const list = useAgentTickets(query);
  const [search, setSearch] = useState(query.q ?? '');
  const countryChoices = me.countries ?? countries.map((c) => c.country_code);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: search.trim() || null });
  };

  return (
    <section className="agent-tickets" aria-labelledby="agent-tickets-title">
      <h1 id="agent-tickets-title">{t('agent.tickets.title')}</h1>
      <search>
        <form className="agent-tickets__search" onSubmit={onSearch}>
          <label htmlFor="agent-ticket-search">{t('agent.tickets.searchLabel')}</label>
          <input
            id="agent-ticket-search"
            type="search"
            value={search}
            maxLength={120}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button type="submit">{t('agent.tickets.search')}</Button>
          {query.q ? (
            <Button
              variant="secondary"
              onClick={() => {
                setSearch('');
                update({ q: null });
              }}
            >
              {t('agent.tickets.clear')}
            </Button>
          ) : null}
        </form>
      </search>
      <fieldset className="agent-tickets__filters">
        <legend>{t('agent.tickets.filters')}</legend>
        <Filter
          id="f-status"
          label="agent.tickets.status.label"
          value={query.status ?? 'active'}
          options={statuses.map((s) => [s, t(`agent.tickets.status.${s}`)])}
          onChange={(v) => update({ status: v === 'active' ? null : v })}
        />
        <Filter
          id="f-country"
          label="agent.tickets.country"
          value={query.country ?? ''}
          options={[['', t('agent.tickets.anyCountry')], ...countryChoices.map((c): [string, string] => [c, c])]}
          onChange={(v) => update({ country: v || null })}
        />
        <Filter
          id="f-category"
          label="agent.tickets.category.label"
          value={query.category ?? ''}
          options={[
            ['', t('agent.tickets.category.any')],
            ...agentTicketCategories.map((c): [string, string] => [c, t(`agent.tickets.category.${c}`)]),
          ]}
          onChange={(v) => update({ category: v || null })}
        />
        <Filter
          id="f-priority"
          label="agent.tickets.priority.label"
          value={query.priority ?? ''}
          options={[
            ['', t('agent.tickets.priority.any')],
            ...priorities.map((p): [string, string] => [p, t(`agent.tickets.priority.${p}`)]),
          ]}
          onChange={(v) => update({ priority: v || null })}
        />
        <Filter
          id="f-assignee"
          label="agent.tickets.assignee.label"
          value={query.assignee ?? 'any'}
          options={assignees.map((a): [string, string] => [a, t(`agent.tickets.assignee.${a}`)])}
          onChange={(v) => update({ assignee: v === 'any' ? null : v })}
        />
      </fieldset>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <QueueTable
          rows={list.data.tickets}
          total={list.data.total}
          page={list.data.page}
          meId={me.id}
          onPage={(p) => update({ page: p > 1 ? String(p) : null })}
        />
      )}
    </section>
  );
}

function Filter(props: {
  id: string;
  label: LabelKey;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="agent-tickets__filter">
      <label htmlFor={props.id}>{t(props.label)}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function QueueTable(props: {
  rows: AgentTicketRow[];
  total: number;
  page: number;
  meId: string;
  onPage: (page: number) => void;
}) {
  const { t, intl } = useI18n();
  const assign = useAssign();
  const pages = Math.max(1, Math.ceil(props.total / AGENT_TICKETS_PAGE_SIZE));
  if (props.rows.length === 0)
    return (
      <p className="agent-tickets__empty" data-testid="agent-tickets-empty">
        {t('agent.tickets.empty')}
      </p>
    );
  return (
    <>
      <p className="agent-tickets__count">{t('agent.tickets.count', { count: props.total })}</p>
      {assign.isError ? <p role="alert">{errorText(assign.error)}</p> : null}
      <div className="agent-tickets__scroll">
        <table className="agent-tickets__table" data-testid="agent-tickets">
          <thead>
            <tr>
              <th scope="col">{t('agent.tickets.col.ticket')}</th>
              <th scope="col">{t('agent.tickets.col.subject')}</th>
              <th scope="col">{t('agent.tickets.col.rider')}</th>
              <th scope="col">{t('agent.tickets.col.category')}</th>
              <th scope="col">{t('agent.tickets.col.status')}</th>
              <th scope="col">{t('agent.tickets.col.assignee')}</th>
              <th scope="col">{t('agent.tickets.col.created')}</th>
              <th scope="col">{t('agent.tickets.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.ticket_id} data-testid="agent-ticket-row" data-ticket-id={row.ticket_id}>
                <td>
                  <Link to={agentTicketHref(row.ticket_id)}>{row.ticket_id}</Link>
                  <TicketMarks row={row} />
                </td>
                <td>{row.subject}</td>
                <td>
                  {row.rider_name}
                  <br />
                  <span className="agent-muted">
                    {row.rider_email} · {row.country_code}
                  </span>
                </td>
                <td>{categoryText(t, row.kind)}</td>
                <td>
                  <StatusBadge status={row.status} />
                </td>
                <td>{row.assignee ? row.assignee.name : t('agent.tickets.unassigned')}</td>
                <td>
                  <time dateTime={isoDateTime(row.created_at)}>{formatDateTime(row.created_at, intl)}</time>
                </td>
                <td>
                  {row.status === 'closed' ? null : row.assignee?.id === props.meId ? (
                    <Button
                      variant="secondary"
                      disabled={assign.isPending}
                      onClick={() => assign.mutate({ ticketId: row.ticket_id, assigneeId: null })}
                    >
                      {t('agent.tickets.unassign')}
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={assign.isPending}
                      onClick={() => assign.mutate({ ticketId: row.ticket_id, assigneeId: props.meId })}
                    >
                      {t('agent.tickets.take')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="agent-tickets__pages" aria-label={t('agent.tickets.pageOf', { page: props.page, pages })}>
        <Button variant="secondary" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
          {t('agent.tickets.prev')}
        </Button>
        <span>{t('agent.tickets.pageOf', { page: props.page, pages })}</span>
        <Button variant="secondary" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
          {t('agent.tickets.next')}
        </Button>
      </nav>
    </>
  );
}

type T = ReturnType<typeof useI18n>['t'];

/** A ticket's kind as its category; a kind the console does not know yet shows as it is. */
export function categoryText(t: T, kind: string): string {
  return (agentTicketCategories as readonly string[]).includes(kind)
    ? t(`agent.tickets.category.${kind as (typeof agentTicketCategories)[number]}`)
    : kind;
}

export function StatusBadge({ status }: { status: AgentTicketRow['status'] }) {
  const { t } = useI18n();
  return (
    <span className={`agent-status agent-status--${status}`} data-testid="agent-ticket-status" data-status={status}>
      {t(`agent.tickets.status.${status}`)}
    </span>
  );
}

export function TicketMarks({ row }: { row: Pick<AgentTicketRow, 'flag' | 'priority' | 'sla_breached'> }) {
  const { t } = useI18n();
  return (
    <span className="agent-marks">
      {row.flag === 'safety' ? (
        <span className="agent-mark agent-mark--safety">{t('agent.tickets.safety')}</span>
      ) : null}
      {row.flag !== 'safety' && row.priority === 'urgent' ? (
        <span className="agent-mark agent-mark--urgent">{t('agent.tickets.urgent')}</span>
      ) : null}
      {row.sla_breached ? <span className="agent-mark agent-mark--sla">{t('agent.tickets.slaBreached')}</span> : null}
    </span>
  );
}
