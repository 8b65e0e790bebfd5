import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, LOGIN_CODE_LENGTH } from './constants.ts';
import { supportedLocales } from './languages.ts';
import { says } from './messages.ts';
import { roleSchema, staffRoleSchema } from './users.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(EMAIL_MIN_LENGTH, says('invalidEmail'))
  .max(EMAIL_MAX_LENGTH, says('invalidEmail'))
  .email(says('invalidEmail'));

export const entryModeSchema = z.enum([
  'customer_website',
  'customer_app',
  'driver_app',
  'operator_app',
  'restaurant',
  'self_drive',
  'share_pass',
]);
export type EntryMode = z.infer<typeof entryModeSchema>;

/** What the browser learns about its session: who is signed in and the CSRF token to send. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  country_code: z.string(),
  /** the rider's home city: with a ride's city, where city-configured flows (the safety report's v2) apply */
  city: z.string().nullable(),
  locale: z.string(),
  is_member: z.boolean(),
  /** 'agent' or 'admin' for the agent console's people (docs/agent.md); null for riders and drivers */
  staff_role: staffRoleSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  csrf_token: z.string(),
  user: sessionUserSchema.nullable(),
  in_app: z.boolean(),
  entry_mode: entryModeSchema,
  /** The reader's language, resolved (docs/localisation-api.md): a driver's profile, the ss_lang cookie, … 'en'. */
  language: z.enum(supportedLocales),
  demo: z.boolean(),
  uk_host_marker: z.string(),
  /** false when this server cannot deliver sign-in codes (no mail transport outside demo mode) */
  code_sign_in: z.boolean(),
  /** Master switches (spec §6): false hides that channel everywhere. */
  switches: z.object({ write_to_us: z.boolean(), call_us: z.boolean(), chat: z.boolean() }),
  /** The origins a share-pass popup may post CLOSE to (the configured frame ancestors; docs/embedding.md). */
  parent_origins: z.array(z.string()),
  /** Where "Download the app" leads this browser (APP_DOWNLOAD_URL…, by its platform); null hides the link. */
  app_download_url: z.string().nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const demoAccountSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  staff_role: staffRoleSchema.nullable(),
  country_code: z.string(),
  description: z.string(),
});
export const demoAccountsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  accounts: z.array(demoAccountSchema),
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;

export const demoLoginRequestSchema = z.object({ email: emailSchema });
export const loginCodeRequestSchema = z.object({ email: emailSchema });
export const loginCodeRequestResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** Only in demo mode: the code, so the sign-in can be finished without a mailbox. */
  demo_code: z.string().optional(),
  expires_in: z.number(),
});
export type LoginCodeRequestResponse = z.infer<typeof loginCodeRequestResponseSchema>;
export const loginCodeVerifySchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), says('loginCodeInvalid')),
});
export const appSessionRequestSchema = z.object({
  token: z.string().min(1).max(4096),
  entry_mode: entryModeSchema.optional(),
});
