import { z } from 'zod';

/**
 * The values of a message's `{name}` parameters on the wire. Kept apart from the catalogue (messages.ts), which
 * the first page loads and which must not pull zod in with it.
 */
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
