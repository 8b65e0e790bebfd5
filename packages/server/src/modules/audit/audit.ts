import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

/** What an audit entry is about (docs/agent.md "Audit log"). */
export type AuditTarget = 'ticket' | 'chat' | 'article' | 'user' | 'config';

export interface AuditEntry {
  actorId: string;
  /** a verb in snake_case, e.g. ticket_assign, article_publish, user_export */
  action: string;
  targetType: AuditTarget;
  targetId: string;
  /** what changed; ids and states only, never personal data */
  detail?: Record<string, unknown>;
}

/** Records one agent or admin action; call it inside the action's transaction so the trail and the change agree. */
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId('aud'),
      at: new Date().toISOString(),
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .execute();
}

/** The trail of one target, newest first (the ticket page and the article editor show it). */
export async function auditTrail(db: Kysely<Database>, targetType: AuditTarget, targetId: string, limit = 100) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
