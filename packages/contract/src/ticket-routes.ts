// Zod-free and tiny: the router (first page) needs these paths and nothing else of the tickets area.

/** Client routes of the write-to-us, completion and ticket pages (spec core.md §2). */
export const ticketRoutes = {
  writeToUs: '/writetous',
  writeToUsDefault: '/writetous/default',
  dwritetous: '/dwritetous',
  dsuccess: '/dsuccess',
  tickets: '/tickets',
  /** Ours: where an email_not_verified answer sends the user (spec §4 "redirects to the verify page"). */
  verifyEmail: '/verify-email',
  /** Ours: the demo outbox page (demo mode only). */
  devOutbox: '/dev/outbox',
} as const;
