import { z } from 'zod';

/**
 * The console's configuration pages (issue 21 item 6; docs/agent.md "Settings"), admins only: the master switches
 * (settable at run time; the environment gives the default) and the call-us numbers. Chat availability and opening
 * hours are edited through the chat's own config call (chatAvailabilityPaths.config), which an admin's session may
 * call as well as the operators' token.
 */
export const agentSettingsPaths = {
  /** GET the master switches, PUT new values */
  switches: '/api/agent/v1/settings/switches',
  /** GET every call-us line */
  callUs: '/api/agent/v1/settings/call-us',
  /** PUT one line's number */
  callUsLine: '/api/agent/v1/settings/call-us/:id',
} as const;

/** The master switches (core.md §6): true shows write to us, call us, chat; false hides it everywhere. */
export const masterSwitchesSchema = z
  .object({ write_to_us: z.boolean(), call_us: z.boolean(), chat: z.boolean() })
  .strict();
export type MasterSwitches = z.infer<typeof masterSwitchesSchema>;

export const switchesResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  switches: masterSwitchesSchema,
  /** 'env': no admin has set them, the environment's values apply; 'admin': set in the console */
  source: z.enum(['env', 'admin']),
  updated_at: z.string().nullable(),
});
export type SwitchesResponse = z.infer<typeof switchesResponseSchema>;

/** A phone number as dialled from abroad (E.164): +, country code, number; 8 to 15 digits. */
export const e164Schema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, 'a number is + and 8 to 15 digits, such as +442079460321');

export const callUsLineSchema = z.object({
  id: z.string(),
  country_code: z.string(),
  /** null: the country's default line */
  city: z.string().nullable(),
  audience: z.enum(['customer', 'driver']),
  /** 'select': the Select members' line; null: the standard one */
  line: z.enum(['select']).nullable(),
  number: z.string(),
});
export type CallUsLine = z.infer<typeof callUsLineSchema>;

export const callUsLinesResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  lines: z.array(callUsLineSchema),
});
export type CallUsLinesResponse = z.infer<typeof callUsLinesResponseSchema>;

export const callUsLineParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const callUsLineUpdateSchema = z.object({ number: e164Schema }).strict();
export const callUsLineResponseSchema = z.object({ status: z.literal('SUCCESS'), line: callUsLineSchema });
