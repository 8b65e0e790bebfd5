import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { insertOutboxMessage, markOutboxSent } from './repo.ts';

const nodeRequire = createRequire(import.meta.url);

export interface MailMessage {
  /** one address */
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** what the mail is, for the outbox and logs: 'ticket_confirmation', 'invoice', … */
  kind: string;
  /** the user whose action sends it: the demo outbox shows users only their own mail */
  userId?: string | null;
}

export interface MailResult {
  /** the outbox row */
  id: string;
  transport: 'outbox' | 'smtp';
  /** when SMTP accepted the message; null in the demo outbox and when SMTP refused or failed */
  sent_at: string | null;
}

/**
 * Sends mail. Every message is recorded in `outbox` first — with SMTP as well, so a message the
 * server could not hand over is still there (sent_at null) to look at or resend. send() rejects only
 * when the message itself is malformed or the database fails; an SMTP failure is logged and answered
 * with sent_at null, so a caller whose main work succeeded (a ticket) does not fail because of mail.
 */
export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<MailResult>;
  /**
   * Writes the message's outbox row with the caller's `db` (a transaction: the row commits or rolls back with the
   * caller's work, and costs no commit of its own) and returns the hand-off to SMTP, to call once that transaction
   * has committed. A malformed message rejects before anything is written.
   */
  queue(db: Kysely<Database>, message: MailMessage): Promise<() => Promise<MailResult>>;
  close(): Promise<void>;
}

/** What the mailer needs from nodemailer: a test can pass a jsonTransport or a fake. */
export interface SmtpTransport {
  sendMail(options: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
  close(): void;
}

interface Log {
  error(obj: object, msg: string): void;
}

/** A single address: no display name, no list, no line breaks (nothing to inject headers with). */
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** Whether `to` is an address the mailer takes (one address, at most 254 characters; surrounding spaces ignored). */
export function isMailAddress(to: string): boolean {
  const address = to.trim();
  return ADDRESS.test(address) && address.length <= 254;
}

export function createMailer(opts: {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>;
  log?: Log;
  /** overrides the transport built from config.smtpUrl */
  smtp?: SmtpTransport | null;
}): Mailer {
  const { db, config, log } = opts;
  const smtp = opts.smtp !== undefined ? opts.smtp : config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
  const transport = smtp ? 'smtp' : 'outbox';

  async function queue(into: Kysely<Database>, message: MailMessage): Promise<() => Promise<MailResult>> {
    if (!isMailAddress(message.to)) throw new Error(`mail: not a single e-mail address (${message.kind})`);
    const to = message.to.trim();
    const subject = message.subject.replace(/[\r\n]+/g, ' ').trim();
    const now = Date.now();
    const id = outboxId(now);
    await insertOutboxMessage(into, {
      id,
      to_address: to,
      subject,
      text_body: message.text,
      html_body: message.html ?? null,
      kind: message.kind,
      transport,
      created_at: new Date(now).toISOString(),
      sent_at: null,
      user_id: message.userId ?? null,
    });
    return async (): Promise<MailResult> => {
      if (!smtp) return { id, transport, sent_at: null };
      try {
        await smtp.sendMail({
          from: config.mailFrom,
          to,
          subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
      } catch (err) {
        log?.error({ err, outboxId: id, kind: message.kind }, 'mail: SMTP did not accept the message');
        return { id, transport, sent_at: null };
      }
      const sentAt = new Date().toISOString();
      await markOutboxSent(db, id, sentAt);
      return { id, transport, sent_at: sentAt };
    };
  }

  return {
    transport,
    send: async (message) => (await queue(db, message))(),
    queue,
    async close() {
      smtp?.close();
    },
  };
}

let sequence = 0;
/**
 * Outbox ids sort in sending order (time, then a counter of this process), so "newest first" is exact
 * even for several messages within one millisecond.
 */
function outboxId(now: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  const time = now.toString(36).padStart(9, '0');
  return `mail_${time}${sequence.toString(36).padStart(4, '0')}${crypto.randomBytes(6).toString('hex')}`;
}

/**
 * nodemailer from SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`; nodemailer's query options
 * such as `?tls.rejectUnauthorized=false` work). Mail is sent while a request waits, so the
 * timeouts are short unless the URL sets its own. Loaded only then: without SMTP (the demo's outbox) its 33 modules
 * would be ~1 MB of a server's memory for nothing (docs/performance.md "Modules loaded on first use").
 */
function smtpTransport(smtpUrl: string): SmtpTransport {
  const mailer = nodeRequire('nodemailer') as typeof nodemailer;
  const url = new URL(smtpUrl);
  for (const [key, ms] of [
    ['connectionTimeout', 10_000],
    ['greetingTimeout', 10_000],
    ['socketTimeout', 30_000],
  ] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  }
  return mailer.createTransport(url.toString());
}
