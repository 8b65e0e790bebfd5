import type { OrdersTable } from '../schema.ts';
import { DAY, HOUR, MINUTE } from './common.ts';
import { user } from './users.ts';

// Marketplace orders.

interface OrderSeed {
  id: string;
  user: string;
  type: OrdersTable['order_type'];
  status: string;
  amount: number;
  items: readonly (readonly [string, string, number])[];
  daysAgo: number;
  modifiedAfterHours: number;
  /** Marketplace orders sometimes arrive without customer details (placeholder contact case). */
  noContact?: boolean;
}

const ORDERS: readonly OrderSeed[] = [
  {
    id: 'ONDC26110482513',
    user: 'riya',
    type: 'ondc',
    status: 'delivered',
    amount: 389,
    items: [
      ['ondc-bir-0142', 'Chicken Dum Biryani (Half)', 1],
      ['ondc-bir-0217', 'Mirchi Ka Salan', 1],
    ],
    daysAgo: 9,
    modifiedAfterHours: 1,
  },
  {
    id: 'ONDC26100371906',
    user: 'riya',
    type: 'ondc',
    status: 'delivered',
    amount: 1599,
    items: [['ondc-app-88410', 'Philips BHD308 Hair Dryer, 1600 W', 1]],
    daysAgo: 32,
    modifiedAfterHours: 52,
  },
  {
    id: 'ONDC26111750288',
    user: 'riya',
    type: 'ondc',
    status: 'delivered',
    amount: 280,
    items: [
      ['ondc-sib-2210', 'Masala Dosa', 2],
      ['ondc-sib-2291', 'Filter Coffee', 2],
    ],
    daysAgo: 3,
    modifiedAfterHours: 1,
    noContact: true,
  },
  {
    id: 'GRC7730155',
    user: 'riya',
    type: 'grocery',
    status: 'delivered',
    amount: 612,
    items: [
      ['grc-10021', 'Aashirvaad Shudh Chakki Atta 5 kg', 1],
      ['grc-20113', 'Amul Taaza Toned Milk 1 L', 4],
      ['grc-30007', 'Tata Salt 1 kg', 1],
      ['grc-40512', 'Onion 1 kg', 2],
    ],
    daysAgo: 2,
    modifiedAfterHours: 2,
  },
  {
    id: 'GRC7714820',
    user: 'riya',
    type: 'grocery',
    status: 'delivered',
    amount: 598,
    items: [
      ['grc-50230', 'Fortune Sunlite Refined Sunflower Oil 1 L', 2],
      ['grc-60114', 'Tata Sampann Toor Dal 1 kg', 1],
      ['grc-40518', 'Tomato 1 kg', 1],
      ['grc-70401', 'Britannia Good Day Cashew Cookies 200 g', 2],
    ],
    daysAgo: 21,
    modifiedAfterHours: 3,
  },
  {
    id: 'GFT5580241',
    user: 'riya',
    type: 'giftcard',
    status: 'delivered',
    amount: 1000,
    items: [['gft-inr-1000', 'Ride Credits E-Gift Card ₹1,000', 1]],
    daysAgo: 45,
    modifiedAfterHours: 0,
  },
  {
    id: 'FE90311457',
    user: 'riya',
    type: 'fashion_electronics',
    status: 'delivered',
    amount: 1499,
    items: [['fe-aud-3310', 'boAt Rockerz 450 Bluetooth On-Ear Headphones', 1]],
    daysAgo: 60,
    modifiedAfterHours: 70,
  },
  {
    id: 'FE90358102',
    user: 'riya',
    type: 'fashion_electronics',
    status: 'returned',
    amount: 3297,
    items: [
      ['fe-app-7712', "Levi's 511 Slim Fit Jeans, 30W", 1],
      ['fe-app-7790', 'Puma Unisex Cotton Crew T-shirt, M', 2],
    ],
    daysAgo: 15,
    modifiedAfterHours: 160,
  },
  {
    id: 'PRC3302918',
    user: 'riya',
    type: 'parcel',
    status: 'delivered',
    amount: 85,
    items: [['prc-doc-env', 'Documents envelope (up to 500 g)', 1]],
    daysAgo: 5,
    modifiedAfterHours: 2,
  },
  {
    id: 'ONDC26111288740',
    user: 'arjun',
    type: 'ondc',
    status: 'delivered',
    amount: 460,
    items: [
      ['ondc-pbm-0311', 'Paneer Tikka Masala', 1],
      ['ondc-pbm-0402', 'Butter Naan', 3],
    ],
    daysAgo: 6,
    modifiedAfterHours: 1,
  },
  {
    id: 'GRC7741093',
    user: 'arjun',
    type: 'grocery',
    status: 'out_for_delivery',
    amount: 1120,
    items: [
      ['grc-80911', 'Alphonso Mango (Ratnagiri) 1 dozen', 1],
      ['grc-20480', 'Amul Butter 500 g', 1],
    ],
    daysAgo: 0.1,
    modifiedAfterHours: 1,
  },
  {
    id: 'GFT5591377',
    user: 'arjun',
    type: 'giftcard',
    status: 'delivered',
    amount: 2000,
    items: [['gft-inr-2000', 'Ride Credits E-Gift Card ₹2,000', 1]],
    daysAgo: 20,
    modifiedAfterHours: 0,
  },
  {
    id: 'FE90362274',
    user: 'arjun',
    type: 'fashion_electronics',
    status: 'shipped',
    amount: 20999,
    items: [['fe-mob-1301', 'Redmi Note 13 5G (8 GB RAM, 256 GB)', 1]],
    daysAgo: 2,
    modifiedAfterHours: 20,
  },
  {
    id: 'PRC3311406',
    user: 'arjun',
    type: 'parcel',
    status: 'picked_up',
    amount: 140,
    items: [['prc-box-s', 'Laptop bag (about 2 kg)', 1]],
    daysAgo: 0.2,
    modifiedAfterHours: 1,
  },
  {
    id: 'GFT5572016',
    user: 'olivia',
    type: 'giftcard',
    status: 'delivered',
    amount: 50,
    items: [['gft-aud-50', 'Ride Credits E-Gift Card A$50', 1]],
    daysAgo: 30,
    modifiedAfterHours: 0,
  },
  {
    // A second gift card: two orders of one kind, so a ticket about each is its own (docs/tickets.md).
    id: 'GFT5572248',
    user: 'olivia',
    type: 'giftcard',
    status: 'delivered',
    amount: 100,
    items: [['gft-aud-100', 'Ride Credits E-Gift Card A$100', 1]],
    daysAgo: 8,
    modifiedAfterHours: 0,
  },
  {
    id: 'PRC3290574',
    user: 'olivia',
    type: 'parcel',
    status: 'delivered',
    amount: 18.5,
    items: [['prc-box-s', 'Small box (up to 1.5 kg)', 1]],
    daysAgo: 12,
    modifiedAfterHours: 4,
  },
];

export function buildOrders(anchor: number): OrdersTable[] {
  return ORDERS.map((o) => {
    const u = user(o.user);
    const created = anchor - Math.round(o.daysAgo * DAY);
    const modified = Math.min(created + o.modifiedAfterHours * HOUR, anchor - 10 * MINUTE);
    return {
      id: o.id,
      user_id: u.row.id,
      order_type: o.type,
      order_status: o.status,
      amount: o.amount,
      currency_country: u.row.country_code,
      items: JSON.stringify(o.items.map(([item_id, item_name, quantity]) => ({ item_id, item_name, quantity }))),
      customer_name: o.noContact ? null : u.row.name,
      customer_contact: o.noContact ? null : u.row.mobile,
      customer_email: o.noContact ? null : u.row.email,
      created_at: new Date(created).toISOString(),
      modified_at: new Date(modified).toISOString(),
    };
  });
}
