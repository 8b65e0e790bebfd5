import {
  type ChatAvailability,
  type ChatConfig,
  type ChatConfigResponse,
  type ChatConfigUpdate,
  type ChatRegion,
  chatAvailability,
  chatAvailabilityPaths,
  chatRegionConfigSchema,
  chatRegionSchema,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { recordAudit } from '../audit/audit.ts';
import { currentSwitches } from '../settings/service.ts';
import { availableAgent } from './agent-desk.ts';
import { listChatAvailabilityRows, saveChatAvailabilityRow } from './availability-repo.ts';
import type { LiveChatLookup } from './service.ts';

/**
 * Chat availability on the server (docs/chat.md): the configuration lives in the database and is read on every
 * question (four small rows), so an operator's change is seen by every instance at once and nothing is cached
 * per instance. The rule itself is the contract's chatAvailability().
 */

type Row = Awaited<ReturnType<typeof listChatAvailabilityRows>>[number];

/** A row whose JSON no longer fits the schema (edited by hand) counts as "no chat in that region", never a 500. */
function parsedRows(rows: Row[], log?: { warn(obj: object, msg: string): void }) {
  const out: { region: ChatRegion; config: NonNullable<ChatConfig[ChatRegion]>; row: Row }[] = [];
  for (const row of rows) {
    const region = chatRegionSchema.safeParse(row.region);
    let json: unknown = null;
    try {
      json = JSON.parse(row.config);
    } catch {
      json = null;
    }
    const config = chatRegionConfigSchema.safeParse(json);
    if (region.success && config.success) out.push({ region: region.data, config: config.data, row });
    else
      log?.warn(
        { region: row.region },
        'chat availability: a region’s stored configuration is not valid; no chat there',
      );
  }
  return out;
}

/** The whole configuration as stored now. */
export async function loadChatConfig(
  db: Kysely<Database>,
  log?: { warn(obj: object, msg: string): void },
): Promise<ChatConfig> {
  const config: ChatConfig = {};
  for (const { region, config: rc } of parsedRows(await listChatAvailabilityRows(db), log)) config[region] = rc;
  return config;
}

export interface ChatAvailabilityQuestion {
  /** ISO country code (IN, GB …) */
  country: string | null | undefined;
  city?: string | null | undefined;
  car_category?: string | null | undefined;
  /** defaults to the present; tests pass their own */
  now?: Date;
}

/**
 * Is chat offered now for this country, city and car category, and can a person take over (live)? Used by the
 * availability route and by our own chat's hand-off: live = false there means the transcript becomes a ticket.
 * The chat master switch (HIDE_CHAT, or an admin's setting) is applied here, and a person is offered only when an
 * agent serving the region is available in the console (docs/agent.md "Live chat"): within the live hours with no
 * agent there, live is false and live_opens_at null (nobody can say when one comes).
 */
export async function chatAvailabilityFor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  ctx: ChatAvailabilityQuestion,
): Promise<ChatAvailability> {
  const config = await loadChatConfig(deps.db);
  const now = ctx.now ?? new Date();
  const answer = chatAvailability(config, {
    country: ctx.country,
    city: ctx.city ?? null,
    car_category: ctx.car_category ?? null,
    now,
    hideChat: !(await currentSwitches(deps)).switches.chat,
  });
  if (answer.live && !(await availableAgent(deps.db, { region: answer.region }, now))) {
    return { ...answer, live: false, live_opens_at: null };
  }
  return answer;
}

/** The hand-off's question (chat/service.ts LiveChatLookup): live now for this context, and when it opens. */
export function liveChatLookup(deps: Pick<AppDeps, 'db' | 'config'>): LiveChatLookup {
  return async (ctx) => {
    const a = await chatAvailabilityFor(deps, { country: ctx.country, city: ctx.city, car_category: ctx.car_category });
    const zone = a.region ? (await loadChatConfig(deps.db))[a.region]?.time_zone : undefined;
    return { live: a.live, opens_at: a.live_opens_at, region: a.region, ...(zone ? { time_zone: zone } : {}) };
  };
}

/** Where /chatbot posts its form: the external support UI when CHAT_HANDOFF_URL is set, else our own chat. */
export function chatHandoffUrl(deps: Pick<AppDeps, 'config'>): string {
  return deps.config.chatHandoffUrl ?? chatAvailabilityPaths.handoff;
}

/** The configuration with who changed each region last and when (the admin call's answer). */
export async function chatConfigAnswer(db: Kysely<Database>): Promise<ChatConfigResponse> {
  return {
    status: 'SUCCESS',
    regions: parsedRows(await listChatAvailabilityRows(db)).map(({ region, config, row }) => ({
      region,
      config,
      updated_at: row.updated_at,
      updated_by: row.updated_by,
    })),
  };
}

/** Replaces the named regions' configurations in one transaction (the others are left as they are). */
export async function updateChatConfig(
  db: Kysely<Database>,
  update: ChatConfigUpdate,
  now = new Date(),
  actorId = 'operator',
) {
  const updatedAt = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      actorId,
      action: 'chat_config_update',
      targetType: 'config',
      targetId: 'chat_availability',
      detail: { regions: Object.keys(update.regions) },
    });
    for (const [region, config] of Object.entries(update.regions)) {
      if (!config) continue;
      await saveChatAvailabilityRow(trx, {
        region,
        config: JSON.stringify(config),
        updated_at: updatedAt,
        updated_by: update.updated_by,
      });
    }
  });
  return chatConfigAnswer(db);
}
