import {
  type CountryListResponse,
  coded,
  countries as countryEntries,
  type LanguageOption,
  languageNames,
  membershipOf,
  parseFlag,
  type SelectDetails,
  type Subscription,
  supportedLocales,
  type UserInfo,
} from '@selfserve/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import { currentSubscription, findUserById } from './repo.ts';

type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof currentSubscription>>>;

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    user_id: row.user_id,
    amount_paid: row.amount_paid,
    package_name: row.package_name,
    package_id: row.package_id,
    trial: row.trial === 1,
    status: row.status,
    activated_on: row.activated_on,
  };
}

export interface Profile {
  user: UserRow;
  info: UserInfo;
  isMember: boolean;
}

/**
 * The profile as get_user_info answers it. Membership flags come from the upstream profile as
 * text; an unreadable one is logged and read as false, so the user is treated as not a member.
 */
export async function loadProfile(db: Kysely<Database>, userId: string, log: FastifyBaseLogger): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const sub = await currentSubscription(db, userId);
  const active = sub?.status === 'active' ? toSubscription(sub) : null;
  const membership = membershipOf({
    is_select: user.is_select,
    is_expired: user.is_expired,
    is_subscribed: user.is_subscribed,
    active_subscription: active,
  });
  if (membership.unparseable.length > 0) {
    log.warn({ userId, flags: membership.unparseable }, 'unparseable membership flags; treating as not a member');
  }
  const info: UserInfo = {
    status: 'SUCCESS',
    email: user.email,
    name: user.name,
    mobile: user.mobile,
    is_select: parseFlag(user.is_select) === true,
    is_subscribed: parseFlag(user.is_subscribed) === true,
    membership_type: active ? (active.trial ? 'trial' : 'paid') : null,
    is_expired: parseFlag(user.is_expired) === true,
    active_subscription: active,
  };
  return { user, info, isMember: membership.isMember };
}

/** Membership details are only for members (spec §6: shown only to paid members). */
export async function loadSelectDetails(db: Kysely<Database>, profile: Profile): Promise<SelectDetails> {
  const sub = profile.isMember ? await currentSubscription(db, profile.user.id) : undefined;
  if (!sub) throw new AppError('NOT_FOUND', coded('noActiveMembership'));
  return {
    status: 'SUCCESS',
    eligible_to_cancel: sub.eligible_to_cancel === 1,
    ineligibility_reason: sub.ineligibility_reason,
    autorenew: sub.autorenew === 1,
    trial: sub.trial === 1,
  };
}

let countries: { body: CountryListResponse; etag: string } | undefined;

/** The country list answer and its ETag, made once: it changes only with a release. */
export function countryList(): { body: CountryListResponse; etag: string } {
  if (!countries) {
    const body: CountryListResponse = { status: 'SUCCESS', data: countryEntries.map((c) => ({ ...c })) };
    countries = { body, etag: `"${sha256(JSON.stringify(body)).slice(0, 16)}"` };
  }
  return countries;
}

/** Every language on offer, in the contract's order, each by its own name. */
export const languageOptions: LanguageOption[] = supportedLocales.map((code) => ({ code, name: languageNames[code] }));
