// Run-time settings (issue 21 item 6; docs/agent.md "Settings"): the master switches an admin sets in the console,
// the environment's values until they do. Read from the database at most once a second per database handle, so a
// change made on any instance is seen by every instance within a second (as the knowledge-base version is).
import type { CallUsLine, MasterSwitches, SwitchesResponse } from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.ts';
import { findCallUsLine, findSetting, listCallUsLines, saveSetting, setCallUsNumber } from './repo.ts';

const SWITCHES_KEY = 'switches';
/** How long one instance trusts what it read. */
export const SETTINGS_REFRESH_MS = 1000;

export interface SwitchesState {
  switches: MasterSwitches;
  source: 'env' | 'admin';
  updated_at: string | null;
}

// The stored row, not the answer: instances (and tests) with different environments share a database.
const known = new WeakMap<object, { row: { value: string; updated_at: string } | null; readAt: number }>();

function fromEnv(config: Pick<AppConfig, 'switches'>): MasterSwitches {
  return { write_to_us: config.switches.writeToUs, call_us: config.switches.callUs, chat: config.switches.chat };
}

/** The master switches now: the admin's, else the environment's. */
export async function currentSwitches(deps: {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'switches'>;
}): Promise<SwitchesState> {
  let cached = known.get(deps.db);
  if (!cached || Date.now() - cached.readAt >= SETTINGS_REFRESH_MS) {
    const found = await findSetting(deps.db, SWITCHES_KEY);
    cached = { row: found ? { value: found.value, updated_at: found.updated_at } : null, readAt: Date.now() };
    known.set(deps.db, cached);
  }
  const env = fromEnv(deps.config);
  const row = cached.row;
  if (!row) return { switches: env, source: 'env', updated_at: null };
  try {
    const stored = JSON.parse(row.value) as Partial<MasterSwitches>;
    // A key missing from the stored value (a switch added later) keeps the environment's.
    const pick = (k: keyof MasterSwitches) => (typeof stored[k] === 'boolean' ? (stored[k] as boolean) : env[k]);
    return {
      switches: { write_to_us: pick('write_to_us'), call_us: pick('call_us'), chat: pick('chat') },
      source: 'admin',
      updated_at: row.updated_at,
    };
  } catch {
    // An unreadable row (edited by hand) is as if no admin had set them.
    return { switches: env, source: 'env', updated_at: null };
  }
}

export function switchesAnswer(state: SwitchesState): SwitchesResponse {
  return { status: 'SUCCESS', ...state };
}

/** Sets the switches and writes the audit entry in one transaction. */
export async function updateSwitches(
  deps: { db: Kysely<Database>; config: Pick<AppConfig, 'switches'> },
  actorId: string,
  next: MasterSwitches,
): Promise<SwitchesState> {
  const before = await currentSwitches(deps);
  const now = new Date().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await saveSetting(trx, { key: SWITCHES_KEY, value: JSON.stringify(next), updated_at: now, updated_by: actorId });
    await recordAudit(trx, {
      actorId,
      action: 'switches_update',
      targetType: 'config',
      targetId: SWITCHES_KEY,
      detail: { before: before.switches, after: next },
    });
  });
  // This instance sees its own change at once; the others within SETTINGS_REFRESH_MS.
  known.delete(deps.db);
  return currentSwitches(deps);
}

function toLine(row: Awaited<ReturnType<typeof listCallUsLines>>[number]): CallUsLine {
  return {
    id: row.id,
    country_code: row.country_code,
    city: row.city,
    audience: row.audience,
    line: row.line === 'select' ? 'select' : null,
    number: row.number,
  };
}

export async function callUsLines(db: Kysely<Database>): Promise<CallUsLine[]> {
  return (await listCallUsLines(db)).map(toLine);
}

/** A line's new number, audited with the old one (numbers are the company's, not personal data). */
export async function updateCallUsLine(
  db: Kysely<Database>,
  actorId: string,
  id: string,
  number: string,
): Promise<CallUsLine> {
  return db.transaction().execute(async (trx) => {
    const row = await findCallUsLine(trx, id);
    if (!row) throw new AppError('NOT_FOUND');
    await setCallUsNumber(trx, id, number);
    await recordAudit(trx, {
      actorId,
      action: 'call_us_number_update',
      targetType: 'config',
      targetId: `call_us:${id}`,
      detail: { before: row.number, after: number },
    });
    return toLine({ ...row, number });
  });
}
