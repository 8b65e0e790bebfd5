import {
  type AgentTicketDetail,
  agentRoutes,
  agentStatusChanges,
  billSchema,
  type TicketStatus,
} from '@selfserve/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BillBreakdown, billAmount } from '../../../components/bill/bill-breakdown';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, isoDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAgent } from '../use-agent';
import { useAgentTicket, useAssign, useCannedReplies, useChangeStatus, usePostMessage } from './api';
import { agentTicketHref, categoryText, StatusBadge, TicketMarks } from './inbox-page';
import './agent-tickets.css';

/**
 * A message's client key: 24 random letters. No digits, so the server's masking of card-like digit runs in request
 * bodies (plugins/logging.ts) can never touch it.
 */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => String.fromCharCode(97 + (b % 26))).join('');

export function AgentTicketPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  useDocumentTitle(t('agent.tickets.ticketTitle', { id }));
  const ticket = useAgentTicket(id);
  if (ticket.isPending) return <Loader />;
  if (ticket.isError) return <ErrorState error={ticket.error} onRetry={() => void ticket.refetch()} />;
  const d = ticket.data;
  return (
    <article className="agent-ticket" aria-labelledby="agent-ticket-title" data-testid="agent-ticket">
      <p>
        <Link to={agentRoutes.tickets}>{t('agent.tickets.back')}</Link>
      </p>
      <header className="agent-ticket__head">
        <h1 id="agent-ticket-title">{t('agent.tickets.ticketTitle', { id: d.ticket.ticket_id })}</h1>
        <StatusBadge status={d.ticket.status} />
        <TicketMarks row={d.ticket} />
      </header>
      <p className="agent-ticket__subject">
        {d.ticket.subject} · {categoryText(t, d.ticket.kind)}
      </p>
      <div className="agent-ticket__grid">
        <div className="agent-ticket__main">
          <Actions detail={d} />
          <Thread detail={d} />
          <Composer detail={d} />
          <AuditTrail detail={d} />
        </div>
        <ContextPanel detail={d} />
      </div>
    </article>
  );
}

function Actions({ detail }: { detail: AgentTicketDetail }) {
  const { t } = useI18n();
  const me = useAgent();
  const assign = useAssign();
  const status = useChangeStatus();
  const [assignee, setAssignee] = useState('');
  const tk = detail.ticket;
  const closed = tk.status === 'closed';
  const error = assign.error ?? status.error;
  return (
    <section className="agent-panel" aria-labelledby="agent-actions">
      <h2 id="agent-actions">{t('agent.tickets.assignment')}</h2>
      <p data-testid="agent-ticket-assignee">
        {tk.assignee ? t('agent.tickets.assignedTo', { name: tk.assignee.name }) : t('agent.tickets.unassigned')}
      </p>
      {closed ? null : (
        <div className="agent-actions">
          {tk.assignee?.id !== me.id ? (
            <Button
              disabled={assign.isPending}
              onClick={() => assign.mutate({ ticketId: tk.ticket_id, assigneeId: me.id })}
            >
              {t('agent.tickets.take')}
            </Button>
          ) : null}
          {tk.assignee ? (
            <Button
              variant="secondary"
              disabled={assign.isPending}
              onClick={() => assign.mutate({ ticketId: tk.ticket_id, assigneeId: null })}
            >
              {t('agent.tickets.unassign')}
            </Button>
          ) : null}
          <label htmlFor="agent-assign-to">{t('agent.tickets.assignTo')}</label>
          <select id="agent-assign-to" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <option value="">—</option>
            {detail.assignable.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            disabled={!assignee || assign.isPending}
            onClick={() => assign.mutate({ ticketId: tk.ticket_id, assigneeId: assignee })}
          >
            {t('agent.tickets.assign')}
          </Button>
        </div>
      )}
      <h2>{t('agent.tickets.statusActions')}</h2>
      {closed ? <p>{t('agent.tickets.closedNote')}</p> : null}
      <div className="agent-actions">
        {agentStatusChanges[tk.status].map((to: TicketStatus) => (
          <Button
            key={to}
            variant="secondary"
            disabled={status.isPending}
            onClick={() => status.mutate({ ticketId: tk.ticket_id, status: to })}
          >
            {t(`agent.tickets.moveTo.${to}`)}
          </Button>
        ))}
      </div>
      {error ? <p role="alert">{errorText(error)}</p> : null}
    </section>
  );
}

function Thread({ detail }: { detail: AgentTicketDetail }) {
  const { t, intl } = useI18n();
  return (
    <section className="agent-panel" aria-labelledby="agent-thread">
      <h2 id="agent-thread">{t('agent.tickets.thread')}</h2>
      <ol className="agent-thread" data-testid="agent-thread">
        {detail.messages.map((m) => (
          <li
            key={m.id}
            className={`agent-msg agent-msg--${m.kind} agent-msg--${m.author_role}`}
            data-testid="agent-message"
            data-kind={m.kind}
          >
            <p className="agent-msg__meta">
              <strong>{m.author_name}</strong> ·{' '}
              {m.kind === 'note'
                ? t('agent.tickets.note')
                : m.kind === 'request'
                  ? t('agent.tickets.request')
                  : t('agent.tickets.reply')}{' '}
              · <time dateTime={isoDateTime(m.created_at)}>{formatDateTime(m.created_at, intl)}</time>
            </p>
            <p className="agent-msg__body">{m.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Composer({ detail }: { detail: AgentTicketDetail }) {
  const { t } = useI18n();
  const post = usePostMessage();
  const canned = useCannedReplies(detail.rider.locale);
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [body, setBody] = useState('');
  // One key per message being written: a retry after a failure sends the same key, so it is stored and mailed once.
  const [clientKey, setClientKey] = useState(newKey);
  const [sent, setSent] = useState(false);
  if (detail.ticket.status === 'closed') return null;

  const send = (status?: 'pending' | 'solved') => {
    const text = body.trim();
    if (!text) return;
    setSent(false);
    post.mutate(
      {
        ticketId: detail.ticket.ticket_id,
        kind: mode,
        body: text,
        clientKey,
        ...(mode === 'reply' && status ? { status } : {}),
      },
      {
        onSuccess: () => {
          setBody('');
          setClientKey(newKey());
          setSent(true);
        },
      },
    );
  };
  const edit = (text: string) => {
    setBody(text);
    setClientKey(newKey());
    setSent(false);
  };

  return (
    <section className="agent-panel" aria-labelledby="agent-compose">
      <h2 id="agent-compose">{t('agent.tickets.composeLabel')}</h2>
      <fieldset className="agent-compose__mode">
        <legend className="visually-hidden">{t('agent.tickets.composeLabel')}</legend>
        <label>
          <input type="radio" name="mode" checked={mode === 'reply'} onChange={() => setMode('reply')} />{' '}
          {t('agent.tickets.modeReply')}
        </label>
        <label>
          <input type="radio" name="mode" checked={mode === 'note'} onChange={() => setMode('note')} />{' '}
          {t('agent.tickets.modeNote')}
        </label>
      </fieldset>
      {mode === 'reply' && canned.data && canned.data.replies.length > 0 ? (
        <div className="agent-compose__canned">
          <label htmlFor="agent-canned">{t('agent.tickets.canned')}</label>
          <select
            id="agent-canned"
            value=""
            onChange={(e) => {
              const reply = canned.data.replies.find((r) => r.id === e.target.value);
              if (reply) edit(body ? `${body}\n\n${reply.body}` : reply.body);
            }}
          >
            <option value="">{t('agent.tickets.cannedPick')}</option>
            {canned.data.replies.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <label htmlFor="agent-body" className="visually-hidden">
        {t('agent.tickets.composeLabel')}
      </label>
      <textarea
        id="agent-body"
        className="agent-compose__body"
        rows={5}
        maxLength={5000}
        value={body}
        onChange={(e) => edit(e.target.value)}
      />
      <div className="agent-actions">
        {mode === 'reply' ? (
          <>
            <Button disabled={post.isPending || !body.trim()} onClick={() => send('pending')}>
              {t('agent.tickets.send')}
            </Button>
            <Button variant="secondary" disabled={post.isPending || !body.trim()} onClick={() => send('solved')}>
              {t('agent.tickets.sendSolve')}
            </Button>
          </>
        ) : (
          <Button disabled={post.isPending || !body.trim()} onClick={() => send()}>
            {t('agent.tickets.addNote')}
          </Button>
        )}
      </div>
      {post.isError ? <p role="alert">{errorText(post.error)}</p> : null}
      {sent ? <p role="status">{t('agent.tickets.sent')}</p> : null}
    </section>
  );
}

const knownActions = [
  'ticket_take',
  'ticket_assign',
  'ticket_unassign',
  'ticket_reply',
  'ticket_note',
  'ticket_status',
];

function AuditTrail({ detail }: { detail: AgentTicketDetail }) {
  const { t, intl } = useI18n();
  if (detail.audit.length === 0) return null;
  return (
    <section className="agent-panel" aria-labelledby="agent-audit">
      <h2 id="agent-audit">{t('agent.tickets.audit')}</h2>
      <ul className="agent-audit" data-testid="agent-audit">
        {detail.audit.map((a) => (
          <li key={`${a.at}-${a.action}`}>
            <time dateTime={isoDateTime(a.at)}>{formatDateTime(a.at, intl)}</time>{' '}
            {t('agent.tickets.auditLine', {
              who: a.actor_name,
              what: knownActions.includes(a.action)
                ? t(`agent.tickets.auditAction.${a.action as 'ticket_take'}`)
                : t('agent.tickets.auditAction.other'),
            })}
            {a.action === 'ticket_status' || a.action === 'ticket_reply' ? (
              <span className="agent-muted">
                {' '}
                ({String(a.detail.from ?? '')} → {String(a.detail.to ?? '')})
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContextPanel({ detail }: { detail: AgentTicketDetail }) {
  const { t, intl } = useI18n();
  const { rider, booking, order } = detail;
  const bill = booking?.bill ? billSchema.safeParse(booking.bill) : null;
  return (
    <aside className="agent-ticket__context" aria-labelledby="agent-context" data-testid="agent-context">
      <section className="agent-panel">
        <h2 id="agent-context">{t('agent.tickets.context')}</h2>
        <p>
          <strong>{rider.name}</strong> · {rider.country_code}
        </p>
        <dl className="agent-facts">
          <dt>{t('agent.tickets.email')}</dt>
          <dd>{rider.email}</dd>
          <dt>{t('agent.tickets.mobile')}</dt>
          <dd>{rider.mobile}</dd>
          <dt>{t('agent.tickets.language')}</dt>
          <dd>{rider.locale}</dd>
          <dt>{t('agent.tickets.membership')}</dt>
          <dd>
            {rider.membership
              ? t('agent.tickets.membershipLine', {
                  name: rider.membership.package_name,
                  status: rider.membership.status,
                  date: rider.membership.expires_on.slice(0, 10),
                })
              : t('agent.tickets.noMembership')}
          </dd>
        </dl>
      </section>
      {booking ? (
        <section className="agent-panel" aria-labelledby="agent-booking">
          <h2 id="agent-booking">{t('agent.tickets.booking')}</h2>
          <p>
            {t('agent.tickets.crn', { crn: booking.crn })} · {booking.status} · {booking.pickup_date.slice(0, 10)}
          </p>
          <p>{t('agent.tickets.route', { from: booking.pickup_location, to: booking.drop_location })}</p>
          {bill?.success ? (
            <BillBreakdown bill={bill.data} />
          ) : (
            <p>
              {booking.fare > 0 ? billAmount(booking.fare, booking.currency_country, intl) : t('agent.tickets.noBill')}
            </p>
          )}
        </section>
      ) : null}
      {order ? (
        <section className="agent-panel">
          <h2>{t('agent.tickets.order')}</h2>
          <p>{t('agent.tickets.orderLine', { type: order.order_type, id: order.id, status: order.order_status })}</p>
        </section>
      ) : null}
      {detail.ticket.article_name || detail.one_touch ? (
        <section className="agent-panel">
          <h2>{t('agent.tickets.article')}</h2>
          {detail.ticket.article_name ? <p>{detail.ticket.article_name}</p> : null}
          {detail.one_touch ? <p>{t('agent.tickets.oneTouch', { type: detail.one_touch.call_type ?? '—' })}</p> : null}
        </section>
      ) : null}
      <section className="agent-panel">
        <h2>{t('agent.tickets.rating')}</h2>
        <p data-testid="agent-ticket-rating">
          {detail.rating
            ? `${t(detail.rating.score === 'good' ? 'agent.tickets.ratingGood' : 'agent.tickets.ratingBad')}${detail.rating.comment ? ` — ${detail.rating.comment}` : ''}`
            : t('agent.tickets.notRated')}
        </p>
      </section>
      <section className="agent-panel">
        <h2>{t('agent.tickets.earlier')}</h2>
        {detail.earlier_tickets.length === 0 ? (
          <p>{t('agent.tickets.noEarlier')}</p>
        ) : (
          <ul className="agent-earlier">
            {detail.earlier_tickets.map((e) => (
              <li key={e.ticket_id}>
                <Link to={agentTicketHref(e.ticket_id)}>{e.ticket_id}</Link> · {e.subject} ·{' '}
                {t(`agent.tickets.status.${e.status}`)} · {formatDateTime(e.created_at, intl)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
