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
import { listChatAvailabilityRows, saveChatAvailabilityRow } from './availability-repo.ts';

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
 * The HIDE_CHAT master switch is applied here.
 */
export async function chatAvailabilityFor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  ctx: ChatAvailabilityQuestion,
): Promise<ChatAvailability> {
  const config = await loadChatConfig(deps.db);
  return chatAvailability(config, {
    country: ctx.country,
    city: ctx.city ?? null,
    car_category: ctx.car_category ?? null,
    now: ctx.now ?? new Date(),
    hideChat: !deps.config.switches.chat,
  });
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
export async function updateChatConfig(db: Kysely<Database>, update: ChatConfigUpdate, now = new Date()) {
  const updatedAt = now.toISOString();
  await db.transaction().execute(async (trx) => {
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
