import { errorResponseSchema, mailPaths, OUTBOX_LIST_SIZE, outboxResponseSchema } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/access.ts';
import { listOutbox } from './repo.ts';

/**
 * The demo outbox: the newest mail the signed-in user's actions sent (ticket confirmations, invoices),
 * so a demo can show it. Only in demo mode (the route does not exist otherwise and answers 404 like any
 * unknown path), and only one's own mail: invoices may go to any address the user typed.
 */
export function mailRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    if (!deps.config.demoMode) return;
    app.get(
      mailPaths.devOutbox,
      {
        config: { access: 'user' },
        schema: {
          tags: ['mail'],
          response: { 200: outboxResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const rows = await listOutbox(deps.db, requireUser(request).id, OUTBOX_LIST_SIZE);
        reply.header('cache-control', 'no-store');
        return {
          status: 'SUCCESS' as const,
          messages: rows.map((r) => ({
            id: r.id,
            to: r.to_address,
            subject: r.subject,
            text: r.text_body,
            html: r.html_body,
            kind: r.kind,
            transport: r.transport === 'smtp' ? ('smtp' as const) : ('outbox' as const),
            created_at: r.created_at,
            sent_at: r.sent_at,
          })),
        };
      },
    );
  };
}
