import { useSession } from '../session';

/** Knowledge-base answers depend on who asks; cache them per user (or for visitors). */
export function useKbAudienceKey(): string {
  const { user } = useSession();
  return user ? `user:${user.id}` : 'visitor';
}
