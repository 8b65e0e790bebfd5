/**
 * Membership flags arrive from older systems as booleans, 0/1 or 'true'/'false' strings.
 * Anything else is unparseable: the caller logs it and the user counts as not a member (spec §6).
 */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
  }
  return null;
}

export interface MembershipFlags {
  is_select: unknown;
  is_expired: unknown;
  is_subscribed: unknown;
  active_subscription: unknown;
}

export interface Membership {
  isMember: boolean;
  /** Names of flags that could not be read; non-empty means "log it, not a member". */
  unparseable: string[];
}

/** A paid-membership (Select) customer: is_select, not expired, subscribed, with an active subscription. */
export function membershipOf(flags: MembershipFlags): Membership {
  const unparseable: string[] = [];
  const read = (name: 'is_select' | 'is_expired' | 'is_subscribed') => {
    const parsed = parseFlag(flags[name]);
    if (parsed === null) unparseable.push(name);
    return parsed;
  };
  const isSelect = read('is_select');
  const isExpired = read('is_expired');
  const isSubscribed = read('is_subscribed');
  const sub = flags.active_subscription;
  const hasActive = typeof sub === 'object' && sub !== null && (sub as { status?: unknown }).status === 'active';
  if (sub !== null && sub !== undefined && typeof sub !== 'object') unparseable.push('active_subscription');
  if (unparseable.length > 0) return { isMember: false, unparseable };
  return { isMember: isSelect === true && isExpired === false && isSubscribed === true && hasActive, unparseable };
}
