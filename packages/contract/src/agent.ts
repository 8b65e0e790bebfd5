import { z } from 'zod';
import { staffRoleSchema } from './users.ts';

/**
 * The agent console's API (issue 21; docs/agent.md): everything under /api/agent/, each route declared with access
 * 'agent' or 'admin' so the server checks the role before it reads the input. Each section of the console keeps its
 * own paths and schemas in a file of its own (agent-tickets.ts, agent-chat.ts, agent-kb.ts, agent-insights.ts).
 */
export const AGENT_API_PREFIX = '/api/agent/';

export const agentApiPaths = {
  /** who the console is working for: role, queue */
  me: '/api/agent/v1/me',
} as const;

/** The countries whose tickets and chats an agent works on: their own; an admin's is every country (null). */
export const agentMeResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  staff_role: staffRoleSchema,
  /** the queue: ISO country codes, or null for every country (admins) */
  countries: z.array(z.string()).nullable(),
});
export type AgentMe = z.infer<typeof agentMeResponseSchema>;

/** The queue a staff member works on (null: every country). */
export function agentCountries(staff: { staff_role: 'agent' | 'admin'; country_code: string }): string[] | null {
  return staff.staff_role === 'admin' ? null : [staff.country_code];
}
