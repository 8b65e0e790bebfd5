import { z } from 'zod';

/** The demo outbox: mail kept in the database when no SMTP server is configured (docs/uploads.md, mail). */
export const mailPaths = {
  devOutbox: '/api/dev/outbox',
} as const;

/** How many of the newest messages the demo outbox lists. */
export const OUTBOX_LIST_SIZE = 50;

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Untrusted for display: render it sandboxed or as text. */
  html: z.string().nullable(),
  kind: z.string(),
  transport: z.enum(['outbox', 'smtp']),
  created_at: z.string(),
  /** When SMTP accepted it; null in the demo outbox and when SMTP refused it. */
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  messages: z.array(outboxMessageSchema),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
