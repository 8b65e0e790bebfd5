import { z } from 'zod';

/** What on-call and the data calls use (docs/operations.md). */
export const operationsPaths = {
  /** liveness: the process answers (no database, never under-pressure 503) */
  health: '/api/health',
  /** readiness: migrations done, the database (and Redis when configured) reachable, not overloaded */
  ready: '/api/ready',
  /** GET: one user's data as JSON (admin) */
  adminUserExport: '/api/agent/admin/users/:id/export',
  /** DELETE: erase one user's personal data (admin) */
  adminUser: '/api/agent/admin/users/:id',
} as const;

export const livenessResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  uptime_seconds: z.number(),
});
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/** One readiness check: whether it passed, how long it took, and why not (no secrets, no addresses). */
export const readinessCheckSchema = z.object({
  ok: z.boolean(),
  ms: z.number(),
  detail: z.string().optional(),
});

export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['sqlite', 'postgres']),
  checks: z.object({
    migrations: readinessCheckSchema,
    database: readinessCheckSchema,
    /** only when REDIS_URL is set */
    redis: readinessCheckSchema.optional(),
    /** past a PRESSURE_* limit (the API answers 503 + Retry-After meanwhile) */
    load: readinessCheckSchema,
  }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** DELETE /api/agent/admin/users/:id: what was erased, counted per table (ids and counts only). */
export const userErasureResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  user_id: z.string(),
  erased_at: z.string(),
  /** table → rows deleted or anonymised */
  counts: z.record(z.string(), z.number()),
});
export type UserErasureResponse = z.infer<typeof userErasureResponseSchema>;
