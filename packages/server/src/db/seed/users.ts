import type { SubscriptionsTable, UsersTable } from '../schema.ts';
import { DAY } from './common.ts';

// The demo accounts (one per kind of user the spec names) and their memberships.

export interface SeedUser {
  /** Short key for booking and ticket ids. */
  key: string;
  row: Omit<UsersTable, 'created_at'>;
  createdDaysAgo: number;
  home?: string;
  work?: string;
}

function person(
  key: string,
  createdDaysAgo: number,
  row: Pick<UsersTable, 'id' | 'email' | 'name' | 'mobile' | 'country_code' | 'city' | 'demo_description'> &
    Partial<Omit<UsersTable, 'created_at'>>,
  places: { home?: string; work?: string } = {},
): SeedUser {
  return {
    key,
    createdDaysAgo,
    ...places,
    row: {
      role: 'customer',
      locale: 'en',
      partner_type: null,
      current_car_category: null,
      email_verified: 1,
      is_select: 'false',
      is_subscribed: 'false',
      is_expired: 'false',
      call_requests_allowed: 0,
      staff_role: null,
      ...row,
    },
  };
}

export const USERS: readonly SeedUser[] = [
  person(
    'riya',
    1130,
    {
      id: 'u_customer_in',
      email: 'riya.customer@example.in',
      name: 'Riya Sharma',
      mobile: '+919845012367',
      country_code: 'IN',
      city: 'Bengaluru',
      demo_description:
        'Frequent rider in Bengaluru: 280+ rides of every status, open and resolved tickets, marketplace orders',
    },
    {
      home: '23, 2nd Cross Road, Domlur 2nd Stage, Bengaluru, Karnataka 560071',
      work: 'Embassy Golf Links Business Park, Intermediate Ring Road, Challaghatta, Bengaluru, Karnataka 560071',
    },
  ),
  person(
    'arjun',
    820,
    {
      id: 'u_member_paid',
      email: 'arjun.select@example.in',
      name: 'Arjun Mehta',
      mobile: '+919820045118',
      country_code: 'IN',
      city: 'Mumbai',
      is_select: 'true',
      is_subscribed: 'true',
      demo_description: 'Paid Select member, active subscription with auto-renew, ride in progress',
    },
    {
      home: '7B, Sea Breeze Apartments, Carter Road, Bandra West, Mumbai, Maharashtra 400050',
      work: 'Bandra Kurla Complex, G Block, Bandra East, Mumbai, Maharashtra 400051',
    },
  ),
  person('meera', 410, {
    id: 'u_member_trial',
    email: 'meera.trial@example.in',
    name: 'Meera Iyer',
    mobile: '+919884031276',
    country_code: 'IN',
    city: 'Chennai',
    is_select: 'true',
    is_subscribed: 'true',
    demo_description: 'Select trial member without auto-renew (cannot cancel), driver on the way',
  }),
  person('kabir', 960, {
    id: 'u_member_expired',
    email: 'kabir.expired@example.in',
    name: 'Kabir Khan',
    mobile: '+919811072543',
    country_code: 'IN',
    city: 'Delhi',
    is_select: 'true',
    is_expired: 'true',
    demo_description: 'Former Select member whose subscription has expired, waiting for a driver',
  }),
  person('neha', 240, {
    id: 'u_unverified',
    email: 'neha.unverified@example.in',
    name: 'Neha Gupta',
    mobile: '+919923064812',
    country_code: 'IN',
    city: 'Pune',
    email_verified: 0,
    demo_description: 'Customer in Pune whose e-mail address is not verified yet',
  }),
  person(
    'olivia',
    700,
    {
      id: 'u_customer_au',
      email: 'olivia.brown@example.com.au',
      name: 'Olivia Brown',
      mobile: '+61491570116',
      country_code: 'AU',
      city: 'Sydney',
      demo_description: 'Australian rider in Sydney with marketplace orders, waiting for a driver',
    },
    {
      home: '18 Bourke Street, Surry Hills NSW 2010',
      work: 'Barangaroo, Hickson Road, Barangaroo NSW 2000',
    },
  ),
  person('liam', 530, {
    id: 'u_customer_nz',
    email: 'liam.wilson@example.co.nz',
    name: 'Liam Wilson',
    mobile: '+64215550187',
    country_code: 'NZ',
    city: 'Auckland',
    demo_description: 'New Zealand rider in Auckland with a scheduled airport ride',
  }),
  person('oliver', 610, {
    id: 'u_customer_gb',
    email: 'oliver.smith@example.co.uk',
    name: 'Oliver Smith',
    mobile: '+447700900461',
    country_code: 'GB',
    city: 'London',
    demo_description: 'UK rider in London (UK site: no login prompt or app download), ride ongoing',
  }),
  person('ramesh', 1400, {
    id: 'u_driver_in',
    email: 'ramesh.driver@example.in',
    name: 'Ramesh Yadav',
    mobile: '+919741203388',
    role: 'driver',
    country_code: 'IN',
    locale: 'hi',
    city: 'Bengaluru',
    partner_type: 'driver',
    current_car_category: 'prime',
    call_requests_allowed: 1,
    demo_description:
      'Prime driver partner in Bengaluru, app in Hindi, may request support calls, one trip on the road',
  }),
  person('jack', 880, {
    id: 'u_driver_au',
    email: 'jack.taylor@example.com.au',
    name: 'Jack Taylor',
    mobile: '+61491570142',
    role: 'driver',
    country_code: 'AU',
    city: 'Sydney',
    partner_type: 'driver',
    current_car_category: 'sedan',
    demo_description: 'Sedan driver partner in Sydney',
  }),
  person('sunil', 300, {
    id: 'u_food_rider',
    email: 'sunil.rider@example.in',
    name: 'Sunil Kumar',
    mobile: '+919900417725',
    role: 'food_delivery_rider',
    country_code: 'IN',
    city: 'Bengaluru',
    partner_type: 'fp_rider',
    demo_description: 'Food-delivery rider in Bengaluru (separate help articles, no driver booking list)',
  }),
  person('vikram', 450, {
    id: 'u_bike_driver',
    email: 'vikram.bike@example.in',
    name: 'Vikram Singh',
    mobile: '+919848022617',
    role: 'driver',
    country_code: 'IN',
    city: 'Hyderabad',
    partner_type: 'bike',
    current_car_category: 'bike',
    demo_description: 'Bike-taxi partner in Hyderabad',
  }),
  // The agent console's people (docs/agent.md): their queue is their country; the admin sees every country.
  person('anita', 900, {
    id: 'u_agent_in_1',
    email: 'anita.agent@example.in',
    name: 'Anita Desai',
    mobile: '+919845099101',
    country_code: 'IN',
    city: 'Bengaluru',
    staff_role: 'agent',
    demo_description: 'Support agent, India queue (tickets and chats of riders in India)',
  }),
  person('karthik', 420, {
    id: 'u_agent_in_2',
    email: 'karthik.agent@example.in',
    name: 'Karthik Iyer',
    mobile: '+919845099102',
    country_code: 'IN',
    city: 'Chennai',
    locale: 'ta',
    staff_role: 'agent',
    demo_description: 'Support agent, India queue, console in Tamil',
  }),
  person('emma', 650, {
    id: 'u_agent_gb',
    email: 'emma.agent@example.co.uk',
    name: 'Emma Clarke',
    mobile: '+447700900777',
    country_code: 'GB',
    city: 'London',
    staff_role: 'agent',
    demo_description: 'Support agent, UK queue (tickets and chats of riders in the UK)',
  }),
  person('meghna', 1200, {
    id: 'u_admin',
    email: 'meghna.admin@example.in',
    name: 'Meghna Kapoor',
    mobile: '+919845099100',
    country_code: 'IN',
    city: 'Bengaluru',
    staff_role: 'admin',
    demo_description: 'Support admin: every queue, articles, insights and settings',
  }),
];

export function user(key: string): SeedUser {
  const found = USERS.find((u) => u.key === key);
  if (!found) throw new Error(`Unknown seed user ${key}`);
  return found;
}

export function subscriptions(anchor: number): SubscriptionsTable[] {
  const iso = (daysAgo: number) => new Date(anchor - daysAgo * DAY).toISOString();
  return [
    {
      id: 'sub_arjun_annual',
      user_id: 'u_member_paid',
      amount_paid: 999,
      package_name: 'Select Annual',
      package_id: 'SELECT-12M',
      trial: 0,
      status: 'active',
      activated_on: iso(140),
      expires_on: iso(140 - 365),
      autorenew: 1,
      eligible_to_cancel: 1,
      ineligibility_reason: null,
    },
    // Arjun's earlier subscriptions (docs/flows/subscription-invoice.md): expired, so the active one above stays the
    // one membership reads; the first was a free trial, which has no invoice.
    ...(
      [
        ['sub_arjun_history_1', 'Select Annual', 'SELECT-12M', 999, 505, 365],
        ['sub_arjun_history_2', 'Select 3 Months', 'SELECT-3M', 399, 595, 90],
        ['sub_arjun_history_3', 'Select 3 Months', 'SELECT-3M', 399, 685, 90],
        ['sub_arjun_history_4', 'Select Monthly', 'SELECT-1M', 149, 715, 30],
        ['sub_arjun_history_5', 'Select Monthly', 'SELECT-1M', 149, 745, 30],
        ['sub_arjun_history_6', 'Select Free Trial', 'SELECT-TRIAL-1M', 0, 775, 30],
      ] as const
    ).map(
      ([id, package_name, package_id, amount_paid, daysAgo, days]): SubscriptionsTable => ({
        id,
        user_id: 'u_member_paid',
        amount_paid,
        package_name,
        package_id,
        trial: amount_paid === 0 ? 1 : 0,
        status: 'expired',
        activated_on: iso(daysAgo),
        expires_on: iso(daysAgo - days),
        autorenew: 0,
        eligible_to_cancel: 0,
        ineligibility_reason: null,
      }),
    ),
    {
      id: 'sub_meera_trial',
      user_id: 'u_member_trial',
      amount_paid: 0,
      package_name: 'Select Free Trial',
      package_id: 'SELECT-TRIAL-1M',
      trial: 1,
      status: 'active',
      activated_on: iso(12),
      expires_on: iso(12 - 30),
      autorenew: 0,
      eligible_to_cancel: 0,
      ineligibility_reason: 'Trial memberships cannot be cancelled',
    },
    {
      id: 'sub_kabir_quarterly',
      user_id: 'u_member_expired',
      amount_paid: 399,
      package_name: 'Select 3 Months',
      package_id: 'SELECT-3M',
      trial: 0,
      status: 'expired',
      activated_on: iso(131),
      expires_on: iso(131 - 90),
      autorenew: 0,
      eligible_to_cancel: 0,
      ineligibility_reason: 'This membership has already expired',
    },
  ];
}

/** Bookings made while a membership was active show the priority-support stamp. */
export const MEMBER_SINCE_DAYS: Readonly<Record<string, number>> = { u_member_paid: 140, u_member_trial: 12 };
