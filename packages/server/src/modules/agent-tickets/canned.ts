import { coded } from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import type { StaffUser } from '../agent/staff.ts';
import { recordAudit } from '../audit/audit.ts';

type Db = Kysely<Database>;
const columns = ['id', 'language', 'title', 'body', 'updated_at'] as const;

/** The canned replies of one language (the rider's), or of every language. */
export async function listCanned(db: Db, language: string | undefined) {
  let q = db.selectFrom('canned_replies').select(columns);
  if (language) q = q.where('language', '=', language);
  const replies = await q.orderBy('language').orderBy('title').orderBy('id').execute();
  return { status: 'SUCCESS' as const, replies };
}

export interface CannedInput {
  language: string;
  title: string;
  body: string;
}

/** Admins keep the list; every change is in the audit log (target 'config'). */
export async function createCanned(db: Db, admin: StaffUser, input: CannedInput) {
  const now = new Date().toISOString();
  const row = { id: newId('cr'), ...input, created_by: admin.id, created_at: now, updated_at: now };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('canned_replies').values(row).execute();
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'canned_reply_create',
      targetType: 'config',
      targetId: row.id,
      detail: { language: input.language },
    });
  });
  return { status: 'SUCCESS' as const, reply: { id: row.id, ...input, updated_at: now } };
}

export async function updateCanned(db: Db, admin: StaffUser, id: string, input: CannedInput) {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('canned_replies')
      .set({ ...input, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('NOT_FOUND');
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'canned_reply_update',
      targetType: 'config',
      targetId: id,
      detail: { language: input.language },
    });
  });
  return { status: 'SUCCESS' as const, reply: { id, ...input, updated_at: now } };
}

export async function deleteCanned(db: Db, admin: StaffUser, id: string) {
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('canned_replies').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw new AppError('NOT_FOUND', coded('NOT_FOUND'));
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'canned_reply_delete',
      targetType: 'config',
      targetId: id,
    });
  });
  return { status: 'SUCCESS' as const };
}
