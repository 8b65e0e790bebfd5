import { useSession } from '../session';

/**
 * Knowledge-base answers depend on who asks and from where (the entry mode chooses the index: docs/embedding.md);
 * cache them per user (or for visitors) and mode.
 */
export function useKbAudienceKey(): string {
  const { user, entryMode } = useSession();
  return `${user ? `user:${user.id}` : 'visitor'}:${entryMode}`;
}
