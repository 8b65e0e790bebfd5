/**
 * The web app's own labels (the spec's texts come from the contract's `messages`).
 * Grouped by screen so keys never collide with the flat contract message keys.
 */
export const en = {
  common: {
    loading: 'Loading…',
    skipToContent: 'Skip to content',
    homeLink: 'Go to Support home',
  },
  header: {
    homeLabel: 'Selfserve Help Centre home',
    brand: 'Selfserve',
    supportHome: 'Support home',
    login: 'Login',
    logout: 'Logout',
    signedInAs: 'Signed in as',
    downloadApp: 'Download the app',
    menu: 'Menu',
  },
  menu: {
    label: 'Side menu',
    myBookings: 'My Bookings',
    close: 'Close menu',
  },
  loginPrompt: {
    text: 'Sign in to see your bookings and tickets',
    action: 'Sign in',
  },
  membership: {
    stamp: 'Select member',
    heading: 'Membership',
    active: 'You are a Select member.',
    plan: 'Plan: {{plan}}',
    expired: 'Your Select membership has expired.',
    none: 'You are not a Select member.',
    checking: 'Checking your membership…',
    unavailable: 'We could not load your membership details right now.',
  },
  home: {
    title: 'Home',
    greeting: 'Hello',
    greetingNamed: 'Hello, {{name}}',
    heading: 'How can we help?',
    bookingsHeading: 'Your bookings',
    bookingsText: 'Get help with a recent ride or order.',
    bookingsLink: 'Go to My Bookings',
  },
  login: {
    title: 'Sign in',
    heading: 'Sign in',
    demoHeading: 'Demo accounts',
    demoIntro: 'This server runs in demo mode. Pick an account to sign in without a code.',
    signInAs: 'Sign in as {{name}}',
    country: 'Country: {{country}}',
    roleCustomer: 'Customer',
    roleDriver: 'Driver',
    roleFoodDeliveryRider: 'Food-delivery rider',
    codeHeading: 'Sign in with a one-time code',
    emailLabel: 'E-mail address',
    sendCode: 'Send code',
    sending: 'Sending…',
    codeSent: 'We sent a code to {{email}}. It is valid for {{minutes}} minutes.',
    demoCode: 'Demo mode: your code is {{code}}',
    codeLabel: 'One-time code',
    verify: 'Sign in',
    verifying: 'Signing in…',
    changeEmail: 'Use a different e-mail',
  },
  loginRefresh: {
    title: 'Session expired',
    heading: 'Your session needs to be refreshed',
    text: 'We could not reach your session. Sign in again to continue.',
    action: 'Sign in again',
  },
  errors: {
    pageFailed: 'This page could not be loaded.',
    reload: 'Reload the page',
  },
};

export type UiLabels = typeof en;
