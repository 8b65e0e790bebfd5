import type { Role } from '@selfserve/contract';

/** The {type} of /api/kb/v3/article_type__{type}/search: whose index to search. */
export type SearchType = 'customer' | 'driver' | 'food_delivery_rider' | 'select';

export function searchTypeOf(role: Role | null | undefined, isMember: boolean): SearchType {
  if (role === 'driver' || role === 'food_delivery_rider') return role;
  return isMember ? 'select' : 'customer';
}
