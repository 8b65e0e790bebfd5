/** The spec's user-facing texts, written once. The web app's `en` locale is built from these. */
export const messages = {
  sorry: 'Sorry',
  sorryBang: 'Sorry!',
  genericFailure: 'Something went wrong. Please try again.',
  retry: 'Uh Oh! We faced an error. Request you to please retry.',
  articleNotFound: 'Article not found.',
  bookingNotFound: 'Booking Not found.',
  noBookingFound: 'No booking found',
  noBookingsFound: 'No bookings found',
  noArticlesFound: 'No Articles Found',
  helpWithLastBookings: 'Help with your last bookings?',
  chooseAnIssue: 'Choose an Issue',
  selectYourBooking: 'Select your booking',
  toastDefault: 'Done !',
  ticketSuccess:
    'Thank you! We have received your request. Our team will get in touch with you at the earliest. Thanks for reaching out to us.',
  ticketAlreadyOpen: 'You have already created the ticket for the same issue. Thanks for reaching out to us.',
  ticketNotSubmitted: 'Your issue could not be submitted. We request you to please submit your issue again.',
  invoiceSent: 'Invoice Sent!',
  noNetworkCoverage: 'No network coverage',
  callbackFailed: 'Something went wrong!',
  appLinkFailed: 'Error in Sending App Link',
  listFailed: 'Something went wrong',
  // Our own texts for what the spec leaves open (documented in docs/auth.md).
  csrfMissing: 'This request is missing its security token. Reload the page and try again.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found.',
  validationFailed: 'Please check your input.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  loginCodeInvalid: 'That code is not right or has expired. Ask for a new code and try again.',
  loginUnknownEmail: 'We could not find an account with that e-mail address.',
  appTokenInvalid: 'The app sign-in token is invalid or has expired.',
  demoLoginDisabled: 'Demo sign-in is turned off on this server.',
  invalidEmail: 'Please input a valid email address',
} as const;

export type MessageKey = keyof typeof messages;
