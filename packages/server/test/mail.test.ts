import net from 'node:net';
import { mailPaths, OUTBOX_LIST_SIZE, type OutboxMessage } from '@selfserve/contract';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createMailer, type SmtpTransport } from '../src/modules/mail/mailer.ts';
import { accounts, createTestApp, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const config = testConfig();

describe.each(testDatabases)('mail [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const outboxRow = (id: string) =>
    t.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps mail in the outbox without SMTP, and /api/dev/outbox lists the user’s own mail newest first', async () => {
    const mailer = createMailer({ db: t.database.db, config });
    const riya = new TestClient(t.app);
    await riya.signInAs(accounts.customer);
    expect(mailer.transport).toBe('outbox');
    const first = await mailer.send({
      to: 'riya.customer@example.in',
      subject: 'We have received your request',
      text: 'Ticket 123 is open.',
      kind: 'ticket_confirmation',
      userId: 'u_customer_in',
    });
    expect(first).toEqual({ id: expect.any(String), transport: 'outbox', sent_at: null });
    const second = await mailer.send({
      to: 'arjun.select@example.in',
      subject: 'Your invoice\r\nBcc: someone@evil.example',
      text: 'Invoice attached.',
      html: '<p>Invoice</p>',
      kind: 'invoice',
      userId: 'u_customer_in',
    });
    const someoneElses = await mailer.send({
      to: 'arjun.select@example.in',
      subject: 'Not yours',
      text: 'x',
      kind: 'invoice',
      userId: 'u_member_paid',
    });
    // A line break cannot start a new header.
    expect((await outboxRow(second.id)).subject).toBe('Your invoice Bcc: someone@evil.example');

    expect((await t.app.inject({ method: 'GET', url: mailPaths.devOutbox })).statusCode).toBe(401);
    const res = await riya.get(mailPaths.devOutbox);
    expect(res.statusCode).toBe(200);
    const messages: OutboxMessage[] = res.json().messages;
    expect(messages.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(messages.some((m) => m.id === someoneElses.id)).toBe(false);
    expect(messages[1]).toEqual({
      id: first.id,
      to: 'riya.customer@example.in',
      subject: 'We have received your request',
      text: 'Ticket 123 is open.',
      html: null,
      kind: 'ticket_confirmation',
      transport: 'outbox',
      created_at: expect.any(String),
      sent_at: null,
    });
    expect(messages[0]?.html).toBe('<p>Invoice</p>');
  });

  it('lists at most the 50 newest messages', async () => {
    const mailer = createMailer({ db: t.database.db, config });
    for (let i = 0; i < OUTBOX_LIST_SIZE + 5; i++) {
      await mailer.send({
        to: 'riya.customer@example.in',
        subject: `Mail ${i}`,
        text: 'x',
        kind: 'test',
        userId: 'u_customer_in',
      });
    }
    const riya = new TestClient(t.app);
    await riya.signInAs(accounts.customer);
    const messages: OutboxMessage[] = (await riya.get(mailPaths.devOutbox)).json().messages;
    expect(messages).toHaveLength(OUTBOX_LIST_SIZE);
    expect(messages[0]?.subject).toBe(`Mail ${OUTBOX_LIST_SIZE + 4}`);
  });

  it('with SMTP, sends through nodemailer and records the message with transport smtp and sent_at', async () => {
    const sent: string[] = [];
    const json = nodemailer.createTransport({ jsonTransport: true });
    const smtp: SmtpTransport = {
      async sendMail(options) {
        const info = await json.sendMail(options);
        sent.push(info.message.toString());
        return info;
      },
      close: () => json.close(),
    };
    const mailer = createMailer({ db: t.database.db, config: { ...config, smtpUrl: 'smtp://mail.example:587' }, smtp });
    expect(mailer.transport).toBe('smtp');
    const result = await mailer.send({
      to: 'riya.customer@example.in',
      subject: 'Invoice for CRN 1234567890',
      text: 'Your invoice.',
      html: '<p>Your invoice.</p>',
      kind: 'invoice',
    });
    expect(result.transport).toBe('smtp');
    expect(result.sent_at).toEqual(expect.any(String));
    expect(await outboxRow(result.id)).toMatchObject({ transport: 'smtp', sent_at: result.sent_at, kind: 'invoice' });
    const message = JSON.parse(sent[0] ?? '{}');
    expect(message.from).toEqual({ address: 'help@selfserve.local', name: 'Selfserve Help' });
    expect(message.to).toEqual([{ address: 'riya.customer@example.in', name: '' }]);
    expect(message.subject).toBe('Invoice for CRN 1234567890');
    expect(message.html).toBe('<p>Your invoice.</p>');
  });

  it('keeps a message SMTP refused (sent_at null) instead of failing the caller', async () => {
    const smtp: SmtpTransport = {
      sendMail: () => Promise.reject(new Error('connection refused')),
      close: () => {},
    };
    const errors: object[] = [];
    const mailer = createMailer({
      db: t.database.db,
      config,
      smtp,
      log: { error: (obj) => errors.push(obj) },
    });
    const result = await mailer.send({ to: 'riya.customer@example.in', subject: 'Hi', text: 'x', kind: 'test' });
    expect(result).toMatchObject({ transport: 'smtp', sent_at: null });
    expect(await outboxRow(result.id)).toMatchObject({ transport: 'smtp', sent_at: null });
    expect(errors).toHaveLength(1);
  });

  it('queues a message in the caller’s transaction: rolled back with it, handed to SMTP only once called', async () => {
    const sent: string[] = [];
    const smtp: SmtpTransport = {
      sendMail: async (options) => void sent.push(options.subject),
      close: () => {},
    };
    const mailer = createMailer({ db: t.database.db, config, smtp });
    const message = { to: 'riya.customer@example.in', text: 'x', kind: 'test' };
    let rolledBackId = '';
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await mailer.queue(trx, { ...message, subject: 'Rolled back' });
        rolledBackId = (
          await trx.selectFrom('outbox').select('id').where('subject', '=', 'Rolled back').executeTakeFirstOrThrow()
        ).id;
        throw new Error('the caller’s work failed');
      }),
    ).rejects.toThrow('the caller’s work failed');
    expect(rolledBackId).not.toBe('');
    await expect(outboxRow(rolledBackId)).rejects.toThrow();
    let deliver: (() => Promise<{ id: string; sent_at: string | null }>) | undefined;
    await t.database.db.transaction().execute(async (trx) => {
      deliver = await mailer.queue(trx, { ...message, subject: 'Committed' });
    });
    expect(sent).toEqual([]);
    const result = await (deliver as NonNullable<typeof deliver>)();
    expect(sent).toEqual(['Committed']);
    expect(await outboxRow(result.id)).toMatchObject({ subject: 'Committed', sent_at: result.sent_at });
  });

  it('sends through the SMTP server SMTP_URL names (nodemailer, loaded on first use)', async () => {
    const smtp = await fakeSmtpServer();
    try {
      const mailer = createMailer({
        db: t.database.db,
        config: { ...config, smtpUrl: `smtp://127.0.0.1:${smtp.port}` },
      });
      expect(mailer.transport).toBe('smtp');
      const result = await mailer.send({
        to: 'riya.customer@example.in',
        subject: 'Your ticket',
        text: 'We have your request.',
        kind: 'ticket_confirmation',
      });
      expect(result.sent_at).toEqual(expect.any(String));
      expect(smtp.commands).toEqual(
        expect.arrayContaining(['MAIL FROM:<help@selfserve.local>', 'RCPT TO:<riya.customer@example.in>', 'DATA']),
      );
      expect(smtp.data).toContain('Subject: Your ticket');
      expect(smtp.data).toContain('We have your request.');
    } finally {
      smtp.server.close();
    }
  });

  it('refuses a recipient that is not one plain address', async () => {
    const mailer = createMailer({ db: t.database.db, config });
    for (const to of ['not-an-address', 'a@b.example\r\nBcc: c@d.example', 'a@b.example, c@d.example', '']) {
      await expect(mailer.send({ to, subject: 's', text: 't', kind: 'test' })).rejects.toThrow('not a single e-mail');
    }
  });
});

describe('demo outbox outside demo mode', () => {
  it('answers 404', async () => {
    const t = await createTestApp('sqlite', { demoMode: false });
    try {
      const res = await t.app.inject({ method: 'GET', url: mailPaths.devOutbox });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});

describe('mail configuration', () => {
  it('reads SMTP_URL and MAIL_FROM, with the outbox and the default sender when unset', () => {
    const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/selfserve-config-test' };
    expect(loadConfig(base)).toMatchObject({ smtpUrl: undefined, mailFrom: 'Selfserve Help <help@selfserve.local>' });
    expect(
      loadConfig({ ...base, SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'Help <help@example.com>' }),
    ).toMatchObject({ smtpUrl: 'smtps://user:pass@mail.example:465', mailFrom: 'Help <help@example.com>' });
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });
});

/** A plain SMTP server on a free local port that accepts every message, recording the commands and the message. */
async function fakeSmtpServer() {
  const commands: string[] = [];
  let data = '';
  const server = net.createServer((socket) => {
    let inData = false;
    let buffered = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        commands.push(line);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as net.AddressInfo).port,
    commands,
    get data() {
      return data;
    },
  };
}
