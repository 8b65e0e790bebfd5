// The hand-off point to a person (issue 17 item 6; docs/chat-conversations.md "Talk to a person"). The agent console
// (issue 21; docs/agent.md "Live chat") keeps chat_agent_presence up to date: an agent marks themself available or
// away, and the console's heartbeat keeps them present; a hand-off goes to an available agent of the chat's region,
// and becomes a ticket when there is none.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findAvailableAgent, upsertAgentPresence } from './repo.ts';

/** An agent not seen for this long is treated as gone (their console stopped sending its heartbeat). */
export const AGENT_PRESENCE_TTL_MS = 2 * 60_000;

export interface AvailableAgent {
  agentId: string;
  region: string | null;
}

/** An available agent for a chat region (or one serving every region), or null. */
export async function availableAgent(
  db: Kysely<Database>,
  ctx: { region: string | null },
  now: Date = new Date(),
): Promise<AvailableAgent | null> {
  const seenSince = new Date(now.getTime() - AGENT_PRESENCE_TTL_MS).toISOString();
  const row = await findAvailableAgent(db, ctx.region, seenSince);
  return row ? { agentId: row.agent_id, region: row.region } : null;
}

/** What the agent console calls as an agent comes and goes (and on its heartbeat). */
export async function setAgentPresence(
  db: Kysely<Database>,
  agentId: string,
  presence: { available: boolean; region: string | null },
  now: Date = new Date(),
): Promise<void> {
  await upsertAgentPresence(db, {
    agent_id: agentId,
    region: presence.region,
    available: presence.available ? 1 : 0,
    last_seen_at: now.toISOString(),
  });
}
