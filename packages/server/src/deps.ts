import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle, DialectName } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { type Bus, createBus } from './lib/bus.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { httpTelephony, simulatedTelephony, type Telephony } from './modules/telephony/telephony.ts';
import { createDocumentStorage, type DocumentStorage } from './modules/uploads/storage.ts';
import type { SessionTools } from './plugins/session.ts';

/**
 * What the route modules are given: the configuration, the database and one instance of every outside service's
 * adapter (DESIGN.md "Outside services behind adapters"). Built once, here; a module never makes its own. A small
 * file of its own, so route modules import the type without importing app.ts (no cycle).
 */
export interface AppDeps {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  sessions: SessionTools;
  /** outgoing mail: SMTP when SMTP_URL is set, else the outbox table (modules/mail) */
  mailer: Mailer;
  /** where uploaded documents' bytes live (UPLOAD_STORAGE, docs/uploads.md) */
  documents: DocumentStorage;
  /** the telephony provider (TELEPHONY_PROVIDER_URL); else the simulator in demo mode; null when there is neither (calls are then unavailable) */
  telephony: Telephony | null;
  /** live messages across instances: Redis pub/sub when REDIS_URL is set, else in-process (lib/bus.ts) */
  bus: Bus;
}

/** The adapters a caller (a test, another deployment) may supply instead of the configured ones. */
export type AdapterOverrides = Partial<Pick<AppDeps, 'mailer' | 'documents' | 'telephony' | 'bus'>> & {
  /** where the log lines go instead of stdout (tests read them, test/logging.test.ts) */
  logStream?: { write(line: string): void };
};

export function buildDeps(
  app: FastifyInstance,
  config: AppConfig,
  database: DatabaseHandle,
  sessions: SessionTools,
  overrides: AdapterOverrides = {},
): AppDeps {
  const mailer = overrides.mailer ?? createMailer({ db: database.db, config, log: app.log });
  app.addHook('onClose', () => mailer.close());
  const telephony =
    overrides.telephony !== undefined
      ? overrides.telephony
      : config.telephonyProvider
        ? httpTelephony({
            baseUrl: config.telephonyProvider.url,
            apiKey: config.telephonyProvider.apiKey,
            timeoutMs: config.telephonyProvider.timeoutMs,
            callbackBase: config.publicUrl,
            log: app.log,
          })
        : config.demoMode
          ? simulatedTelephony(app, config.telephonySecret, config.telephonySimulatorDelayMs)
          : null;
  const bus = overrides.bus ?? createBus(config.redisUrl, app.log);
  app.addHook('onClose', () => bus.close());
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    sessions,
    mailer,
    documents: overrides.documents ?? createDocumentStorage(database.db, config),
    telephony,
    bus,
  };
}
