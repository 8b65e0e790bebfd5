import { errorResponseSchema, mailPaths, OUTBOX_LIST_SIZE, outboxResponseSchema } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { listOutbox } from './repo.ts';

/**
 * The demo outbox: the newest mail, so a demo can show the confirmation a ticket sent. Only in demo
 * mode (the route does not exist otherwise and answers 404 like any unknown path); no sign-in, as
 * everything a demo mails goes to demo accounts.
 */
export function mailRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    if (!deps.config.demoMode) return;
    app.get(
      mailPaths.devOutbox,
      { schema: { tags: ['mail'], response: { 200: outboxResponseSchema, 404: errorResponseSchema } } },
      async (_request, reply) => {
        const rows = await listOutbox(deps.db, OUTBOX_LIST_SIZE);
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
