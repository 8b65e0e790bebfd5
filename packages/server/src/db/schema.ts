import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL: ids are text, timestamps are
 * ISO-8601 UTC text (sortable as strings), booleans are 0/1 integers, money is double precision.
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  mobile: string;
  role: 'customer' | 'driver' | 'food_delivery_rider';
  country_code: string;
  locale: string;
  city: string | null;
  /** driver side: 'driver' | 'bike' | 'fp_rider' …; null for customers */
  partner_type: string | null;
  current_car_category: string | null;
  email_verified: number;
  /** Membership flags as the upstream profile service sends them: text, parsed by membershipOf(). */
  is_select: string;
  is_subscribed: string;
  is_expired: string;
  demo_description: string | null;
  created_at: string;
  /** drivers: may use the whitelisted 'request a call' help category */
  call_requests_allowed: number;
  /** migration 0039: the agent console's people ('agent' | 'admin'); null for riders and drivers */
  staff_role: 'agent' | 'admin' | null;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  amount_paid: number;
  package_name: string;
  package_id: string;
  trial: number;
  status: 'active' | 'expired' | 'cancelled';
  activated_on: string;
  expires_on: string;
  autorenew: number;
  eligible_to_cancel: number;
  ineligibility_reason: string | null;
}

export interface CountriesTable {
  country_code: string;
  name: string;
  dialing_code: string;
}

export interface CitiesTable {
  id: string;
  name: string;
  country_code: string;
  std_code: string;
  cc_number: string;
  lat: number;
  lng: number;
}

export interface CallUsNumbersTable {
  id: string;
  country_code: string;
  /** null = the country's default number */
  city: string | null;
  audience: 'customer' | 'driver';
  number: string;
  /** migration 0028: 'select' is the Select members' line, null the standard one (docs/telephony.md "Call us") */
  line: 'select' | null;
}

/** migration 0028: a call-us code, stored as a keyed hash (docs/telephony.md "Call us") */
export interface CallUsCodesTable {
  id: string;
  code_hash: string;
  kind: 'otp' | 'token';
  user_id: string;
  called_number: string;
  booking_id: string | null;
  article_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** the caller's number that used it */
  used_by: string | null;
}

/** migration 0028: a wrong guess at the IVR, by lock key ('caller:<digits>' or 'user:<id>') */
export interface CallUsAttemptsTable {
  id: string;
  lock_key: string;
  called_number: string;
  created_at: string;
}

export interface ChatConfigTable {
  id: string;
  country_code: string;
  city: string | null;
  car_category: string | null;
  enabled: number;
  mode: 'bot' | 'live';
}

export interface BookingsTable {
  id: string;
  crn: string;
  osn: string | null;
  brand: string;
  user_id: string;
  /** customer bookings are rides a customer took; driver bookings are rides a partner drove */
  audience: 'customer' | 'driver';
  status: string;
  sub_status: string | null;
  cab_category: string;
  vehicle_category: string | null;
  ride_type: string | null;
  display_type: string | null;
  service_type: string | null;
  fare: number;
  currency_country: string;
  context: string | null;
  rtf_status: string | null;
  city: string;
  country: string;
  saas_ride: number;
  service_country: string;
  service_city: string;
  stop_at: string | null;
  driver_name: string | null;
  driver_phone: string | null;
  imei: string | null;
  cash_involved: number;
  krutrim_chat: number;
  pickup_date: string;
  date_entered_timestamp: number;
  /** base64-encoded address text, as the spec stores it */
  pickup_location: string;
  drop_location: string;
  driver_image_url: string | null;
  map_img_url: string | null;
  clickable: number;
  display_car_name: string | null;
  priority_support_image_visible: number;
  customer_email: string | null;
  /** JSON of the contract's Bill; null when the ride has none */
  bill: string | null;
  /** the car the driver drove (driver details); null without a driver */
  car_model: string | null;
  car_number: string | null;
  /**
   * migration 0048: the row's list entry as the three JSON pieces the list page sends (modules/bookings/repo.ts
   * listJsonTriggerSql), written by the database whenever the row is inserted or a shown column changes
   */
  list_head?: string | null;
  list_middle?: string | null;
  list_tail?: string | null;
}

/** migration 0032 (docs/driver.md): the partner's side of a ride they drove, one row per partner booking. */
export interface DriverRidesTable {
  id: string;
  booking_id: string;
  user_id: string;
  commission: number;
  incentive: number;
  /** km short of the booked drop where the trip was ended; null when it reached the drop */
  ended_short_km: number | null;
  /** JSON [[lat, lng, epoch ms], …]; null when no pings were recorded */
  gps_pings: string | null;
  created_at: string;
  /** migration 0036: the booked drop point (the recompute's customer check); null when unknown (optional: rows built before it) */
  drop_lat?: number | null;
  drop_lng?: number | null;
}

/** migration 0036 (docs/driver.md "Recomplete"): the one recompute of a trip ended short, with what it replaced. */
export interface DriverRecompletesTable {
  id: string;
  driver_ride_id: string;
  booking_id: string;
  user_id: string;
  token_id: string;
  previous_fare: number;
  fare: number;
  previous_commission: number;
  commission: number;
  previous_bill: string;
  km: number;
  pings_km: number;
  created_at: string;
}

/** migration 0037 (docs/driver.md "Earnings"): a fleet partner's attached cars. */
export interface DriverCarsTable {
  id: string;
  user_id: string;
  car_number: string;
  car_model: string;
  car_category: string;
  attached_at: string;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  order_type: 'ondc' | 'grocery' | 'giftcard' | 'fashion_electronics' | 'parcel';
  order_status: string;
  amount: number;
  currency_country: string;
  /** JSON: [{ item_id, item_name, quantity }] */
  items: string;
  customer_name: string | null;
  customer_contact: string | null;
  customer_email: string | null;
  created_at: string;
  modified_at: string;
}

export interface TicketsTable {
  id: string;
  ticket_id: string;
  user_id: string;
  /** 'pending' since migration 0041 (answered, waiting for the rider; docs/agent.md "Tickets") */
  status: 'open' | 'pending' | 'solved' | 'closed';
  subject: string;
  query: string;
  issue_id: string | null;
  article_id: string | null;
  article_name: string | null;
  booking_id: string | null;
  order_id: string | null;
  tag: string | null;
  source: string;
  email_from: string | null;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
  /** ticket | issue | marketplace | food | unrecognised_transaction | one_touch */
  kind: string;
  /** the request as sent (JSON) */
  payload: string;
  source_page: string | null;
  /** migration 0027: 'normal' (the column's default), or 'urgent' for a safety report (docs/tickets.md) */
  priority?: TicketPriority;
  /** migration 0027: 'safety' for a safety report; a flagged ticket is never merged into another open one */
  flag?: string | null;
  /** migration 0041 (docs/agent.md "Tickets"): the staff member working on it */
  assignee_id?: string | null;
  /** migration 0041: the first agent reply the rider saw */
  first_response_at?: string | null;
  /** migration 0041: when it was (last) solved; null while not solved */
  solved_at?: string | null;
  /** migration 0041: when it was closed (final) */
  closed_at?: string | null;
}

/** migration 0041: a ticket's conversation after the request: replies (the rider sees them) and staff notes. */
export interface TicketMessagesTable {
  id: string;
  /** tickets.ticket_id */
  ticket_id: string;
  author_id: string;
  author_role: 'agent' | 'rider';
  kind: 'reply' | 'note';
  body: string;
  /** the sender's key for this message: a retry is the same message (unique per author) */
  client_key: string;
  status_after: string | null;
  /** the outbox row of the rider's mail (agent replies) */
  mail_id: string | null;
  created_at: string;
}

/** migration 0042: an agent's ready answers per language; admins keep the list. */
export interface CannedRepliesTable {
  id: string;
  language: string;
  title: string;
  body: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export type TicketPriority = 'normal' | 'urgent';

export interface SessionsTable {
  /** SHA-256 of the cookie value: a leaked table does not leak sessions */
  id: string;
  user_id: string;
  in_app: number;
  entry_mode: string;
  created_at: string;
  expires_at: string;
}

export interface LoginCodesTable {
  id: string;
  email: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface TrackEventsTable {
  id: string;
  visitor_id: string;
  user_id: string | null;
  event: string;
  page: string;
  properties: string | null;
  /** the session's entry mode when the page was viewed (0014) */
  entry_mode: string | null;
  /** the language the page was shown in (0014) */
  language: string | null;
  created_at: string;
}

export interface ArticlesTable {
  id: string;
  index_name: string;
  type: 'category' | 'sub_category' | 'article';
  parent_id: string | null;
  position: number;
  title: string;
  /** sanitised HTML */
  body_html: string;
  /** normalised plain text of the body, for search and snippets */
  body_text: string;
  /** the body's plain text as written (case, punctuation kept; no markup or hidden blocks), for snippets; '' until imported after 0034 */
  body_plain: string;
  /** JSON columns (portable text) */
  labels: string;
  label_names: string;
  contexts: string;
  options: string;
  related: string;
  side_load: string;
  response: string;
  embedded: string;
  content_hash: string;
  updated_at: string;
  /** the day its content last changed, front matter `updated` (YYYY-MM-DD; 0017) */
  updated_on: string | null;
  /** the content file as last imported or published (0044; '' before): what the agent console's editor opens */
  source: Generated<string>;
}

/** An article's title and body in one locale (0015); the rest of the article is the English row's. */
export interface ArticleTranslationsTable {
  article_id: string;
  /** a supported locale other than en */
  locale: string;
  title: string;
  /** sanitised HTML, as articles.body_html */
  body_html: string;
  /** the translation's file as last imported or published (0044; '' before) */
  source: Generated<string>;
}

/** migration 0044 (docs/agent.md "Articles"): an article's unpublished work, per locale ('en': the article itself) */
export interface ArticleDraftsTable {
  article_id: string;
  locale: string;
  state: 'draft' | 'unpublished';
  index_name: string;
  title: string;
  source: string;
  updated_by: string;
  updated_at: string;
}

export interface KbMetaTable {
  key: string;
  value: string;
}

/** migration 0045 (docs/agent.md "Insights"): results-page searches per day, query, country and language */
export interface KbSearchCountsTable {
  day: string;
  query: string;
  country: string;
  language: string;
  searches: number;
  zero_results: number;
}

export interface KbZeroResultSearchesTable {
  id: string;
  query: string;
  index_names: string;
  created_at: string;
}

export interface ArticleFeedbackTable {
  id: string;
  article_id: string;
  /** user id, or a hash of the visitor cookie: one vote per person per article */
  voter: string;
  user_id: string | null;
  helpful: number;
  created_at: string;
  /** the reason of a No: one of the article's own Feedback reasons (migration 0023) */
  reason: string | null;
  /** the ride the article was opened for, when it was (the answer is per article and per CRN) */
  crn: string | null;
}

/** A used non-login form token (its nonce), kept until the token would have expired (migration 0011). */
/** Invoice and address-confirmation mails (the limits and the one-time links, migration 0012). */
export interface InvoiceMailsTable {
  id: string;
  user_id: string;
  address: string;
  kind: 'invoice' | 'confirmation';
  /** JSON of the invoice it is or will send: { type: 'ride', booking_id } or { type: 'subscription' } */
  invoice: string;
  token_hash: string | null;
  expires_at: string | null;
  consumed_at: string | null;
  created_at: string;
}

export interface InvoiceAddressesTable {
  user_id: string;
  address: string;
  confirmed_at: string;
}

export interface FormTokenUsesTable {
  nonce: string;
  expires_at: string;
}

/** Each solved captcha's challenge signature, kept until it expires: accepted once (migration 0024). */
export interface CaptchaUsesTable {
  signature: string;
  expires_at: string;
}

/** Visitors' article votes per article, hashed client address and UTC day (the per-address cap, migration 0011). */
export interface ArticleFeedbackAddressVotesTable {
  article_id: string;
  address: string;
  /** YYYY-MM-DD, UTC */
  day: string;
  votes: number;
}

export interface TicketItemsTable {
  ticket_id: string;
  item_id: string;
  item_name: string;
  quantity: number;
}

export interface DocumentsTable {
  id: string;
  user_id: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  /** set when attached: a document belongs to one ticket of its uploader */
  ticket_id: string | null;
  created_at: string;
}

/** The bytes of uploaded documents when UPLOAD_STORAGE=database (docs/uploads.md). */
export interface UploadBlobsTable {
  /** documents.storage_key */
  storage_key: string;
  /** bytea on PostgreSQL, blob on SQLite */
  bytes: Buffer;
  created_at: string;
}

export interface CsatRatingsTable {
  id: string;
  ticket_id: string;
  user_id: string;
  score: 'good' | 'bad';
  reason: string | null;
  comment: string | null;
  email_from: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  /** 'outbox' (kept here, demo) or 'smtp' */
  transport: string;
  created_at: string;
  sent_at: string | null;
  /** the user whose action sent it (null for system mail) */
  user_id: string | null;
}

export interface GuestTicketsTable {
  id: string;
  ticket_id: string;
  kind: string;
  email: string;
  subject: string;
  payload: string;
  created_at: string;
  /** the user who signed in with its e-mail and took it into their tickets (migration 0025); null until then */
  claimed_by: string | null;
}

export interface MonitoringEventsTable {
  id: string;
  event_name: string;
  attributes: string;
  created_at: string;
}

export interface RefundsTable {
  id: string;
  booking_id: string;
  user_id: string;
  amount: number;
  /** voucher | neft | ola_money */
  destination: string;
  /** completed (voucher, wallet) | processing (NEFT) */
  status: string;
  ticket_id: string | null;
  created_at: string;
  /** refund | toll_parking: the flow that made it (migration 0020) */
  flow: string;
}

/** Money a guided form gave back to the wallet at once (0018; docs/wallet.md): one per ride and flow. */
/** A claim about a ride's cash (docs/flows/extra-cash.md, paid-cash.md): one per ride and flow, with what it decided. */
export interface CashClaimsTable {
  id: string;
  user_id: string;
  booking_id: string;
  /** extra_cash or paid_cash_outstanding */
  flow: string;
  reason: string | null;
  /** the cash the rider says they paid */
  total_cash: number;
  /** what the claim is about: the extra (extra cash) or the amount paid against the due (paid cash) */
  amount: number;
  /** credited (to the wallet) | cleared (the due) | review (a ticket for a person) */
  outcome: string;
  ticket_id: string | null;
  created_at: string;
}

export interface WalletCreditsTable {
  id: string;
  user_id: string;
  booking_id: string;
  /** the flow that gave it: extra_cash, coupon … */
  flow: string;
  amount: number;
  currency_country: string;
  created_at: string;
}

/** The coupon a ride was booked with (0021; docs/flows/coupon.md); a ride without one has no row. */
export interface RideCouponsTable {
  booking_id: string;
  code: string;
  /** 1: the discount was taken off the fare; 0: the coupon failed to apply */
  applied: number;
  /** the discount it gives on this ride, in the ride's currency */
  discount: number;
}

export interface KycChoicesTable {
  id: string;
  user_id: string;
  crn: string | null;
  article_id: string | null;
  banner: string;
  landing: string;
  source: string;
  created_at: string;
}

export interface LabRequestsTable {
  id: string;
  booking_id: string;
  user_id: string;
  /** calling_driver → awaiting_driver → driver_found | not_found | driver_unreachable → resolved */
  state: string;
  /** JSON of the lost-item form */
  item: string;
  driver_note: string | null;
  ticket_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface BillDisputesTable {
  id: string;
  booking_id: string;
  user_id: string;
  reason: string | null;
  /** JSON: the bill line keys the rider marked */
  lines: string;
  /** adjusted (money back at once) | review (a ticket for a person) */
  outcome: string;
  amount: number;
  ticket_id: string | null;
  created_at: string;
}

/** A masked call from a rider to their ride's driver (docs/flows/driver-details.md). */
export interface DriverCallsTable {
  id: string;
  booking_id: string;
  user_id: string;
  /** calling → connected | failed (the provider's report) */
  state: string;
  created_at: string;
  updated_at: string;
}

/** A partner onboarding office of a served city (/bd_address). */
export interface BdOfficesTable {
  id: string;
  city_id: string;
  position: number;
  address: string;
  operating_hours: string;
}

/** Someone who wants to drive with us in a city: one per user and city (docs/flows/cab-attachment.md). */
export interface CabAttachmentLeadsTable {
  id: string;
  user_id: string;
  city_id: string;
  phone_number: string | null;
  created_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** migration 0031: our own chat (docs/chat-conversations.md) */
export interface ChatConversationsTable {
  id: string;
  /** 'u:<user id>' or 'v:<keyed hash of the visitor cookie>' */
  owner: string;
  user_id: string | null;
  status: 'bot' | 'waiting' | 'with_agent' | 'ticketed' | 'closed';
  locale: string;
  /** JSON: booking, article, country, city, car category, locale, assigned agent */
  context: string;
  last_seq: number;
  ticket_id: string | null;
  agent_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  seq: number;
  author: 'user' | 'bot' | 'agent' | 'system';
  body: string;
  /** JSON: article cards, actions, ticket id */
  payload: string;
  client_id: string | null;
  created_at: string;
}

export interface ChatAgentPresenceTable {
  agent_id: string;
  region: string | null;
  available: number;
  last_seen_at: string;
}

/** migration 0030: one chat region's availability configuration (docs/chat.md) */
export interface ChatAvailabilityTable {
  /** in, au, nz or gb */
  region: string;
  /** JSON of the contract's ChatRegionConfig */
  config: string;
  updated_at: string;
  updated_by: string;
}

/** A call or text asked of the telephony provider for a user (docs/telephony.md, migration 0029). */
export interface CallRequestsTable {
  id: string;
  user_id: string;
  /** click_to_call | callback | masked_call | partner_lab_call | app_link */
  kind: string;
  booking_id: string | null;
  article_id: string | null;
  subject: string;
  /** unique while the request stands; null once it failed */
  dedupe_key: string | null;
  /** placing → placed | failed */
  status: string;
  outcome: string | null;
  provider_outcome: string | null;
  created_at: string;
  updated_at: string;
}

/** migration 0038 (docs/driver.md): one cleaning-fee claim per trip */
export interface DriverCleaningClaimsTable {
  id: string;
  booking_id: string;
  user_id: string;
  article_id: string;
  option: string;
  amount: number;
  photos: number;
  ticket_id: string | null;
  created_at: string;
}

/** migration 0038: the partner's confirmation that a lost item was handed back */
export interface LabHandoversTable {
  lab_request_id: string;
  partner_id: string;
  handed_over_at: string;
}

export interface Database {
  kb_search_counts: KbSearchCountsTable;
  article_drafts: ArticleDraftsTable;
  audit_log: AuditLogTable;
  app_settings: AppSettingsTable;
  chat_availability: ChatAvailabilityTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_agent_presence: ChatAgentPresenceTable;
  bill_disputes: BillDisputesTable;
  app_meta: AppMetaTable;
  lab_requests: LabRequestsTable;
  driver_cleaning_claims: DriverCleaningClaimsTable;
  lab_handovers: LabHandoversTable;
  kyc_choices: KycChoicesTable;
  refunds: RefundsTable;
  ticket_items: TicketItemsTable;
  documents: DocumentsTable;
  upload_blobs: UploadBlobsTable;
  csat_ratings: CsatRatingsTable;
  outbox: OutboxTable;
  monitoring_events: MonitoringEventsTable;
  guest_tickets: GuestTicketsTable;
  articles: ArticlesTable;
  article_translations: ArticleTranslationsTable;
  kb_meta: KbMetaTable;
  kb_zero_result_searches: KbZeroResultSearchesTable;
  article_feedback: ArticleFeedbackTable;
  article_feedback_address_votes: ArticleFeedbackAddressVotesTable;
  form_token_uses: FormTokenUsesTable;
  captcha_uses: CaptchaUsesTable;
  invoice_mails: InvoiceMailsTable;
  invoice_addresses: InvoiceAddressesTable;
  users: UsersTable;
  subscriptions: SubscriptionsTable;
  countries: CountriesTable;
  cities: CitiesTable;
  call_us_numbers: CallUsNumbersTable;
  call_us_codes: CallUsCodesTable;
  call_us_attempts: CallUsAttemptsTable;
  chat_config: ChatConfigTable;
  bookings: BookingsTable;
  driver_rides: DriverRidesTable;
  driver_recompletes: DriverRecompletesTable;
  driver_cars: DriverCarsTable;
  orders: OrdersTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  canned_replies: CannedRepliesTable;
  driver_calls: DriverCallsTable;
  call_requests: CallRequestsTable;
  bd_offices: BdOfficesTable;
  cab_attachment_leads: CabAttachmentLeadsTable;
  sessions: SessionsTable;
  login_codes: LoginCodesTable;
  track_events: TrackEventsTable;
  wallet_credits: WalletCreditsTable;
  cash_claims: CashClaimsTable;
  ride_coupons: RideCouponsTable;
}

/** migration 0039 (docs/agent.md): who did what to which ticket, chat, article or user */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string;
  /** JSON */
  detail: string;
}

/** migration 0043 (docs/agent.md "Settings"): a setting changed at run time; a key without a row keeps the env's */
export interface AppSettingsTable {
  key: string;
  /** JSON */
  value: string;
  updated_at: string;
  /** the admin's user id */
  updated_by: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type BookingRow = Selectable<BookingsTable>;
export type ArticleRow = Selectable<ArticlesTable>;
