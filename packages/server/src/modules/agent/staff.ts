import { agentCountries } from '@selfserve/contract';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/** A signed-in member of the agent console (the access hook already refused everyone else with 401/403). */
export type StaffUser = UserRow & { staff_role: 'agent' | 'admin' };

/** The staff member of an `agent` or `admin` route (docs/agent.md "Roles"). */
export function requireStaff(request: FastifyRequest): StaffUser {
  const user = request.user;
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.staff_role !== 'agent' && user.staff_role !== 'admin') throw new AppError('FORBIDDEN');
  return user as StaffUser;
}

/** Whether a staff member's queue covers a country (tickets, chats and riders of other countries are not theirs). */
export function coversCountry(staff: StaffUser, countryCode: string | null | undefined): boolean {
  const countries = agentCountries(staff);
  return countries === null || (countryCode != null && countries.includes(countryCode));
}
