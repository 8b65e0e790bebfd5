import type { z } from 'zod';
import type { PlainMessageCode } from '../messages.ts';

/**
 * A guided form's submit params (guided-flows.md §3 `params`), checked for its call_type before its handler runs:
 * the schema, and the message every way of failing it answers with (400, by its catalogue code).
 */
export interface FlowParams<P> {
  schema: z.ZodType<P>;
  invalid: PlainMessageCode;
}
