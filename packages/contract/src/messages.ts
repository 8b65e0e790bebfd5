/**
 * The message catalogue: every user-facing sentence the server sends and the spec's texts the web shows, written
 * once, each under a stable code. `{name}` marks a typed parameter. The server answers `{ code, message, params }`
 * (the English `message` exactly as the spec writes it); the web shows a message by its code and parameters in the
 * reader's language (its `en` locale is this catalogue). Codes never change once used: a new wording is a new
 * English text under the same code, a new meaning a new code.
 */
import { fillParams, installedMessageRenderer, type MessageParamValues } from './message-render.ts';

const GENERIC_FAILURE = 'Something went wrong. Please try again.';

export const messages = {
  // Each error class's own text (errors.ts errorCodes): an error answer whose code is its class says this.
  VALIDATION_FAILED: 'Please check your input.',
  UNAUTHORIZED: 'Please sign in to continue.',
  CSRF_MISSING: 'This request is missing its security token. Reload the page and try again.',
  /** the spec's error value: the caller sends the user to verify their e-mail */
  email_not_verified: 'Please verify your e-mail address, then submit your request again.',
  FORBIDDEN: 'You are not allowed to do that.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This request is not allowed here.',
  CONFLICT: 'This changed meanwhile. Please reload the page and try again.',
  PAYLOAD_TOO_LARGE: 'This request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This kind of content is not accepted here.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a few minutes and try again.',
  INTERNAL: GENERIC_FAILURE,
  UNAVAILABLE: 'This service is not available right now. Please try again later.',

  // The spec's texts (core.md §8, guided-flows.md §8).
  sorry: 'Sorry',
  sorryBang: 'Sorry!',
  genericFailure: GENERIC_FAILURE,
  retry: 'Uh Oh! We faced an error. Request you to please retry.',
  /** core.md §8: a timeout failure says so (our wording; the spec only names a locale message about timeout) */
  requestTimedOut: 'This is taking longer than it should. Please check your connection and try again.',
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
  invalidEmail: 'Please input a valid email address',
  refundDestinationQuestion: 'How would you like to have your refund processed?',
  // guided-flows.md §2 names a "BACK button"; issue 14: a normal label, not shouted.
  back: 'Back',
  enterValidEmail: 'Please Enter A Valid Email',
  enterValidPhone: 'Please Enter A Valid Phone Number',
  enterValidComment: 'Please Enter A Valid Comment Between 15 and 1000 characters',

  // The issue form and uploads (guided-flows.md §5).
  descriptionTooShort: 'Please enter atleast {n} characters',
  uploadAtLeastOne: 'Please upload atleast one image.',
  selectAtLeastOneProduct: 'Please select atleast one product.',
  tooManyImages: '* You can only upload {n} images',
  quantityTooHigh: 'You can select at most {n} of this product.',
  imageTooLarge5: 'Please upload correct image of less than 5 MB size',
  imageWrongOrTooLarge10: 'Please ensure the image is in JPG/PNG/GIF/SVG/JPEG format and does not exceed 10 MB in size',
  imageUploadFailed: 'Image Upload failed',
  uploadSomethingWrong: 'Something went Wrong! Please try again later.',
  issueWithRide: 'I have an issue with a ride',
  issueNotRelatedToRide: 'I have an issue not related to a ride',
  loginForRides: 'Please Login to proceed further on rides.',
  cardInComment: 'We found a Card Information in your comment. Request you to Remove such personal information.',

  // Our own texts for what the spec leaves open (docs/auth.md, docs/tickets.md, docs/one-touch-rules.md …).
  loginCodeInvalid: 'That code is not right or has expired. Ask for a new code and try again.',
  loginUnknownEmail: 'We could not find an account with that e-mail address.',
  appTokenInvalid: 'The app sign-in token is invalid or has expired.',
  demoLoginDisabled: 'Demo sign-in is turned off on this server.',
  unstorableText: 'Your text contains a character we cannot accept. Please remove it and try again.',
  codeSignInUnavailable: 'Signing in with an e-mail code is not available on this server. Please sign in from the app.',
  noActiveMembership: 'There is no active membership on this account.',
  orderNotFound: 'Order not found.',
  ticketNotFound: 'Ticket not found.',
  driverHelpOnly: 'This help is for driver partners.',
  foodRiderNoBookings: 'Food-delivery riders cannot list driver bookings.',
  driverRidesOnly: 'Only driver partners have driver rides.',
  driverNoStatement: 'There is no earning statement for this ride.',
  // driver recompute of a trip ended short (docs/driver.md "Recomplete")
  recompleteTokenMissing: 'Please start the recompute again from your trip.',
  recompleteTokenInvalid: 'This recompute request has expired or is not valid. Please start again from your trip.',
  recompleteDoneTitle: 'Fare recomputed',
  recompleteDone:
    'Your trip was recomputed on {km} km driven: the new fare is {fare} (it was {previous}). Your earning statement shows the new amount.',
  recompleteAlreadyTitle: 'Already recomputed',
  recompleteAlready: 'This trip was already recomputed once, to {fare}. A trip can be recomputed only once.',
  recompleteTicketNotShort:
    'Your trip ended at its drop or close to it, so its fare stands. We have passed your request to our team, who will get back to you.',
  recompleteTicketNoProof:
    'Your trip’s GPS record does not show the car reaching the drop, so we could not recompute it here. We have passed it to our team, who will check it and get back to you.',
  recompleteTicketNotCompleted:
    'Only a completed trip can be recomputed. We have passed your request to our team, who will get back to you.',
  // driver earnings (docs/driver.md "Earnings")
  earningsDayInvalid: 'Please give the day as YYYY-MM-DD.',
  earningsRangeInvalid: 'The period must start on or before its last day.',
  earningsRangeTooLong: 'Please choose a period of at most 366 days.',
  earningsCarUnknown: 'This car is not attached to your account.',
  foodRiderNoEarnings: 'Food-delivery riders cannot see driver earnings.',
  areaNotServed: 'We do not serve this area yet.',
  pageLinkInvalid: 'This page link is not valid. Please reload the list.',
  pageKeyNeeded: 'A page after the first needs the page_key of the page before.',
  listLinkInvalid: 'This list link is not valid. Please reload the page.',
  searchTooShort: 'Please type at least 3 characters',
  chooseReason: 'Please choose a reason.',
  alreadyRated: 'You have already rated this request. Thank you!',
  ticketNotRatableYet: 'You can rate our support once your ticket is solved or closed.',
  // The ticket conversation (issue 21; docs/agent.md "Tickets").
  agentTicketClosed: 'This ticket is closed. Nothing more can be added to it.',
  ticketStatusNotAllowed: 'This ticket cannot be moved to that status now.',
  assigneeNotInQueue: 'That person does not work on the queue of this ticket.',
  ticketReplyResolved: 'This request is resolved. If you still need help, please write to us again.',
  anotherOpenTicket: 'The rider has another open request about the same issue. Please answer that one instead.',
  formExpired: 'This form has expired. Please reload the page and fill it in again.',
  uploadFileTypeHeader: 'Send the header x-filetype: image with an image upload.',
  uploadNotMultipart: 'Send the image as multipart/form-data in a field named file.',
  uploadAttachFailed: 'One of the images could not be attached. Please upload it again.',
  uploadTooManyPixels:
    'This image is too large in pixels. Please upload one of at most 12,000 pixels a side and 50 megapixels.',
  marketplaceTicketCreated:
    'Thank you! We have received your request about order {orderId}. Our team will look into it and write to you within 24 hours. Thanks for reaching out to us.',
  marketplaceTicketAlreadyOpen:
    'You have already created the ticket for the same issue on order {orderId}. Our team is looking into it and will write to you. Thanks for reaching out to us.',

  // One-touch answers (docs/one-touch-rules.md).
  unknownCallType: 'Unknown call type',
  requestNotForArticle: 'This request does not match the article. Please reload the page.',
  requestCannotBeMade: 'This request cannot be made for this ride.',
  requestReceived: 'Request received',
  requestAlreadyReceived: 'Request already received',
  refundChooseDestination: 'Please choose how you would like to have your refund processed.',
  refundDestinationNotOffered: 'This refund cannot be sent there. Please choose another option.',
  refundNotEligibleTitle: 'Not eligible for a refund',
  refundNotEligible: 'There is no charge on this ride that we can refund.',
  refundAlreadyTitle: 'Already refunded',
  refundAlready: 'This ride has already been refunded.',
  refundAlreadyOn: 'We refunded {amount} for this ride on {date}.',
  refundInitiatedTitle: 'Refund initiated',
  refundNeft: 'Your refund of {amount} will reach your bank account in 7 to 10 business days.',
  refundVoucher: 'A voucher for {amount} has been added to your account. It is ready to use now.',
  refundWallet: '{amount} has been added to your wallet. It is ready to use now.',
  invoiceSentForRide: 'We have sent the invoice for ride {crn} to {address}.',
  invoiceSentForPlan: 'We have sent the invoice for {plan} to {address}.',
  invoiceConfirmTitle: 'Confirm your e-mail address',
  invoiceConfirmSent: 'We have sent a link to {address}. Open it within 24 hours to receive the invoice.',
  invoiceRideNotCompleted: 'An invoice is available once the ride is completed.',
  invoiceNoPaidMembership: 'There is no paid membership on your account to send an invoice for.',
  invoiceLinkExpired: 'This link has expired or was already used. Please ask for the invoice again.',
  kycNotMultipart: 'This form must be sent as multipart/form-data.',
  kycFormIncomplete: 'The form was incomplete. Please go back and try again.',
  updateEmailLogInAgain: 'Please sign in and submit your request again.',
  updateEmailCurrentMismatch: 'The current e-mail you entered does not match your account.',
  updateEmailTaken: 'This e-mail address is already used by another account.',
  updateEmailDoneTitle: 'E-mail updated',
  updateEmailDone: 'Your e-mail address is now {email}. We have sent a link to verify it.',

  // Billing dispute (docs/one-touch-rules.md "Billing dispute").
  billNoneTitle: 'No bill to dispute',
  billNone: 'Only the bill of a completed ride can be disputed.',
  billChooseLines: 'Please choose the lines of the bill that look wrong.',
  billAdjustedTitle: 'Fare adjusted',
  billAdjustedDistance:
    'We checked your ride: you were charged for {charged} km but the route from your pickup to your drop is {route} km. We have added {amount} to your wallet. It is ready to use now.',
  billAdjustedWaiting:
    'We checked your ride: the driver waited {minutes} minutes, within the free {free}. We have added {amount} to your wallet. It is ready to use now.',
  billAdjustedBoth:
    'We checked your ride: you were charged for {charged} km but the route from your pickup to your drop is {route} km, and the driver waited {minutes} minutes, within the free {free}. We have added {amount} to your wallet. It is ready to use now.',
  billUnderReview: 'We will check the bill of ride {crn} and reply by e-mail within 48 hours.',
  billAlreadyChecking: 'We are already checking the bill of this ride.',
  billAlreadyReviewedTitle: 'Bill already reviewed',
  billAlreadyAdjusted: 'We have already checked this bill and added {amount} to your wallet.',

  // Left a belonging (docs/left-belonging.md).
  labOnlyCompleted: 'Only completed rides can report a lost item.',
  labTooOld: 'This ride is more than {days} days old. Please write to us instead.',
  labAlreadyReported: 'You have already reported an item for this ride.',
  labNoRequest: 'There is no lost-item request for this ride.',
  labRequestMissing: 'No such lost-item request.',
  labEventOutOfOrder: 'A {event} cannot follow {state}.',
  labChangedMeanwhile: 'The request changed meanwhile.',
  labCallingUnavailable: 'We cannot call drivers right now. Please write to us about your item.',
  labStillCalling: 'We are still calling your driver. Please wait a moment.',
  labCalling: 'We are calling your driver. This takes a minute or two.',
  labTicketRaised: 'We have raised ticket {ticketId} for your lost item and will keep you posted by e-mail.',
  labFound: 'Good news: your driver found it.',
  labFoundNote: 'Good news: your driver found it. {note}',
  labNotFound: 'Your driver could not find the item in the car.',
  labUnreachable: 'We could not reach your driver.',
  labUnreachableNote: 'We could not reach your driver. {note}',
  labPickupArranged: 'The pick-up is arranged. Your driver will call you from a masked number.',
  labDriverOnTrip: 'The driver is on a trip and cannot talk now.',
  labDescribeItem: 'Please describe the item',
  unknownIndexName: 'Unknown index name',
  unsupportedLanguage: 'This language is not available.',
  unknownLocalisationSource: 'Unknown source',
  invalidArticleId: 'Invalid article id',
  invalidOrderId: 'Invalid order id',

  // Mail (the server writes it; one text a line or paragraph).
  mailSignInCodeSubject: 'Your sign-in code',
  mailSignInCode: 'Your sign-in code is {code}.',
  mailSignInCodeOnce: 'It works once, for {minutes} minutes.',
  mailSignInCodeIgnore: 'If you did not ask for it, you can ignore this mail: nobody can sign in without the code.',
  mailTicketSubject: 'We have received your request (ticket {ticketId})',
  mailTicketDetails: 'Ticket: {ticketId}\nSubject: {subject}',
  mailTicketFollow: 'You can follow it under My tickets in the help centre.',
  /** an agent's reply to the rider (issue 21): the reply itself follows, then mailTicketReplyFollow */
  mailTicketReplySubject: 'We replied to your request (ticket {ticketId})',
  mailTicketReplyFollow: 'You can read the whole conversation and answer us under My tickets in the help centre.',
  mailInvoiceRideSubject: 'Your invoice for ride {crn}',
  mailInvoiceRide: 'Invoice for ride {crn}',
  mailInvoicePlanSubject: 'Your invoice for {plan}',
  mailInvoicePlan: 'Invoice for {plan}',
  mailInvoiceDate: 'Date: {date}',
  mailInvoiceCity: 'City: {city}',
  mailInvoiceVehicle: 'Vehicle: {vehicle}',
  mailInvoicePeriod: 'Period: {from} to {to}',
  mailInvoiceTotal: 'Total: {amount}',
  mailInvoiceLine: '{line}: {amount}',
  mailConfirmSubject: 'Confirm where to send your invoice',
  mailConfirmAsked: '{name} asked us to send an invoice to this address.',
  mailConfirmOpen: 'To receive it, open this link within {hours} hours:\n{link}',
  mailConfirmIgnore: 'If you did not expect this, you can ignore this mail: nothing will be sent.',
  billLineBaseFare: 'Base fare',
  billLineDistance: 'Distance',
  billLinePeak: 'Peak-time charge',
  billLineWaiting: 'Waiting',
  billLineToll: 'Toll and parking',
  billLineCancellationFee: 'Cancellation fee',
  billLineTaxes: 'Taxes',
  billLineAdjustment: 'Adjustment',

  // coupon (docs/flows/coupon.md)
  couponCodeInvalid: 'Please enter the coupon code: 3 to 15 letters, digits or spaces.',
  couponDescriptionTooShort: 'Please enter atleast 20 characters',
  couponNoneOnRide: 'This ride was booked without a coupon, so there is no coupon discount to check.',
  couponCreditedTitle: 'Coupon discount added',
  couponCredited:
    'Coupon {code} did not apply to ride {crn}. We have added its discount of {amount} to your wallet. It is ready to use now.',
  couponUnderReview: 'We will check coupon {code} on ride {crn} and reply by e-mail within 48 hours.',
  couponAlreadyChecking: 'We are already checking the coupon on this ride.',
  // subscription invoice (docs/flows/subscription-invoice.md)
  chooseSubscription: 'Please choose the subscription you want the invoice for.',
  subscriptionNotFound: 'Subscription not found.',
  subscriptionTrialNoInvoice: 'A free trial has no invoice: nothing was paid for it.',
  mailInvoiceSubscription: 'Subscription: {id}',
  mailInvoicePackage: 'Package: {package}',
  // kyc, survey, support rating, other reason (issue 15 items 9, 10, 12)
  otherReasonLength: 'Please enter between 20 and 1500 characters',
  messageTooLong: 'Please enter at most 1500 characters',
  reasonNotOffered: 'Please choose one of the reasons shown.',
  // toll and parking, cancellation-fee panel (issue 15 items 3 and 4)
  tollAmountTooHigh: "Amount can't be more than toll/parking charges",
  tollAmountTooLow: 'Please enter an amount of at least 10.',
  tollEnterAmount: 'Please enter the amount you were charged wrongly, in digits.',
  tollNotEligibleTitle: 'No toll or parking charges',
  tollNotEligible: 'This ride has no toll or parking charges that we can refund.',
  // driver details and cab attachment (docs/flows/driver-details.md, docs/flows/cab-attachment.md)
  driverDetailsOnly: 'This request can only show the driver details of a ride.',
  driverDetailsTitle: 'Your driver',
  driverDetailsShown:
    "Here are the driver and car of ride {crn}. To call the driver, use the call button: neither of you sees the other's number.",
  driverDetailsUnavailableTitle: 'Driver details not available',
  driverDetailsClosed: 'Driver details are shown during a ride and for {hours} hours after it ends.',
  driverDetailsNoDriver: 'No driver was assigned to this ride.',
  driverCallStarted: 'We are connecting you to your driver. Your phone will ring shortly.',
  driverCallConnected: 'Your call with the driver was connected.',
  driverCallFailed: 'We could not reach your driver. Please try again in a few minutes.',
  driverCallMissing: 'No such call.',
  cabChooseCity: 'Please choose your city',
  cabEnterValidMobile: 'Please enter a valid 10-digit mobile number',
  cabLeadTitle: 'Thank you for your interest!',
  cabLead: 'Visit one of our partner onboarding centres in {city} with your original documents.',
  cabCallbackTitle: 'We will call you',
  cabCallback: 'Our partner onboarding team will call you on {phone} within 2 working days.',
  cabCityNotServed:
    'We are not onboarding drivers in this city yet. Choose another city, or leave your mobile number and we will call you.',
  cabNoOffices: 'We have no partner onboarding centre in this city.',

  // extra cash and paid cash outstanding (docs/flows/extra-cash.md, docs/flows/paid-cash.md)
  cantBeEmpty: "Can't be left empty",
  enterValidAmount: 'Please enter a valid amount',
  ecChooseReason: 'Please choose what happened.',
  ecAmountTooHigh: 'Entered amount seems to be too high',
  ecExtraAboveBill: 'The extra amount paid seems to be higher than the bill amount.',
  ecCashCorrect: 'Cash paid to driver is correct or less than the required amount.',
  ecNotCash: 'This ride was paid online, so no cash was due to the driver. Please write to us instead.',
  ecNotCompleted: 'Only a completed ride can have extra cash refunded.',
  ecTooOld: 'Extra cash can be claimed within {days} days of the ride. Please write to us instead.',
  ecCreditedTitle: 'Amount refunded',
  ecCredited:
    'We have added {amount} to your wallet: the extra cash you paid on ride {crn}. We will recover it from the driver.',
  ecUnderReview:
    'You paid {amount} more than the fare of ride {crn}. We will check it with the driver and reply by e-mail within 48 hours.',
  pcoAboveBill: 'Entered amount is greater then the bill amount',
  pcoUploadInvoice: 'Please upload the invoice',
  pcoChoosePayment: 'Please tell us how the ride was to be paid.',
  pcoNothingDue: 'Nothing is due on this ride, so there is nothing to clear.',
  pcoClearedTitle: 'Due cleared',
  pcoCleared: 'We have recorded the {amount} you paid the driver in cash. Nothing is due on ride {crn} any more.',
  pcoUnderReview: 'We will check the {amount} you paid for ride {crn} and reply by e-mail within 48 hours.',
  pcoPartlyPaid:
    'We will check the {amount} you paid for ride {crn} and reply by e-mail within 48 hours. Until then, the rest of the {due} due stays due.',
  // visitor forms: captcha and dialing code (issue 16)
  captchaInvalid: 'Please Submit the Captcha Correctly.',
  selectDialingCode: 'Please Select Dialing Code',
  // visitor ticket modals (issue 16)
  visitorCommentsMin: 'Please input minimum 15 Characters',
  visitorEnterComments: 'Please Enter the comments',
  visitorPhoneTooShort: 'Please Enter Minimum 10 digit phone number',
  visitorPhoneInvalid: 'Please Enter Valid phone number',
  visitorCardInvalid: 'Please input a valid Card Information',
  verifyInputs: 'Please verify your inputs',
  // safety report
  safetyChooseOption: 'Please choose what happened',
  safetyCrnNumeric: 'Please enter a valid ride ID (numbers only)',
  safetyAnswerMandatory: '* Please answer all mandatory fields',
  safetyLoginToFetchRides: 'Please login to fetch your rides!',
  safetyPhoneNotRegistered: 'This phone number is not registered with us',
  safetyInvalid: 'Please check the details of your safety report',
  safetyPoliceNotice: 'Safety incidents are investigated and may be reported to the police.',
  safetyReportedTitle: 'Safety report received',
  safetyReported: 'Our safety team will contact you within 24 hours. Your report is confidential.',
  // structured write-to-us e-mail (issue 16)
  selectOptionCorrectly: 'Please Select Option Correctly.',
  uploadImages: 'Please Upload Images!!',
  onlyUploadImages: 'You can only upload {n} images',
  // calls: click-to-call, call-back, masked calls, app link (docs/telephony.md)
  callOverlayTitle: 'We could not connect your call',
  callSessionExpiredTitle: 'Please sign in again',
  clickToCallPlacedTitle: 'Calling you now',
  clickToCallPlaced: 'Your phone will ring in a moment. Pick up to talk to our support team.',
  clickToCallNotAnswered:
    'Our support team could not take your call right now. Please try again in a few minutes, or write to us.',
  clickToCallNoNetwork: 'We could not reach your phone. Please check your network coverage and try again.',
  clickToCallInvalidNumber: 'We could not call the number on your account. Please sign in again and retry.',
  callsUnavailable: 'We cannot place calls right now. Please write to us instead.',
  callbackRequested: 'We will call you back on your registered number within {minutes} minutes.',
  callbackAlreadyRequested: 'You have already asked for a call-back. We will call you soon.',
  callbackQueueFull: 'All our agents are busy and the call-back list is full. Please try again in an hour.',
  maskedCallNoDriver: 'No driver has been assigned to this ride yet.',
  maskedCallNotLive: 'You can call your driver only while the ride is on.',
  partnerCallStarted: 'We are connecting you to the customer. Your phone will ring shortly.',
  partnerCallNotYet: 'You can call the customer once you have told us that you found the item.',
  partnerCallFailed: 'We could not reach the customer. Please try again in a few minutes.',
  appLinkSent: 'We have sent the app link to your phone by SMS.',
  appLinkSms: 'Get the app: {link}',
  // our own chat (docs/chat-conversations.md)
  chatTypeMessage: 'Please type a message.',
  chatMessageTooLong: 'Please keep a message under 1000 characters.',
  chatUnreadable: "That message couldn't be sent. Please reload the page and try again.",
  chatTooMany: "You're sending messages too quickly. Please wait a moment.",
  chatEnded: 'This chat has ended. Start a new chat to ask something else.',
  chatNotFound: 'This conversation could not be found.',
  // driver one-touch articles: cleaning fee, timed calls, the partner side of a lost item (docs/driver.md)
  driverCleaningNotCompleted: 'You can claim a cleaning fee only for a completed trip.',
  driverCleaningTooLate: 'A cleaning fee must be claimed within 24 hours of the trip ending.',
  driverCleaningPhotos: 'Please add 2 to 4 photos of the car taken before cleaning.',
  driverCleaningOption: 'Please choose what happened in the car.',
  driverCleaningAlreadyClaimed: 'You have already claimed a cleaning fee for this trip.',
  driverCleaningClaimedTitle: 'Cleaning fee claim received',
  driverCleaningClaimed:
    'We will review your claim of {amount} within 48 hours. If it is approved, the fee is added under Adjustments and paid with your weekly payout.',
  driverCallExpired: 'Calls about this trip were possible until {minutes} minutes after it ended. That time is over.',
  driverArticleNoCall: 'This article has no call to make.',
  labPartnerAnswerClosed: 'This request is no longer waiting for your answer.',
  labHandoverNotYet: 'You can confirm the hand-over once you have told us that you found the item.',
  // the agent console's article editor (docs/agent.md "Articles"): the reason is the content rules' own
  articleInvalid: 'This article cannot be saved: {reason}',
  articleNothingToPublish: 'There is nothing new to publish: save a draft first.',
} as const;

export type MessageCode = keyof typeof messages;

/** The parameter names of a text: `'{amount} on {date}'` → `'amount' | 'date'`. */
type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | ParamNames<Rest> : never;
export type MessageParams<C extends MessageCode> = Record<ParamNames<(typeof messages)[C]>, string | number>;
/** A code's parameters as an argument list: none for a plain text, one object for a text with `{…}`. */
export type ParamsArg<C extends MessageCode> = [ParamNames<(typeof messages)[C]>] extends [never]
  ? []
  : [params: MessageParams<C>];

/** A sentence as it travels: its code, its English text, and the parameters the text was made with. */
export interface CodedMessage {
  code: MessageCode;
  message: string;
  params?: MessageParamValues;
}

export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.hasOwn(messages, code);
}

const english = (code: MessageCode, params: MessageParamValues) => fillParams(messages[code], params);
const render = (code: MessageCode, params: MessageParamValues) => (installedMessageRenderer() ?? english)(code, params);

/**
 * A message's text: English on the server; in the web app the reader's language once it has set its renderer
 * (message-render.ts), so the contract's own rules (form validation) speak the reader's language too.
 */
export function formatMessage<C extends MessageCode>(code: C, ...params: ParamsArg<C>): string {
  return render(code, (params[0] as MessageParamValues | undefined) ?? {});
}

/** The coded form of a message, always with its English text (what the server sends). */
export function coded<C extends MessageCode>(code: C, ...params: ParamsArg<C>): CodedMessage {
  const values = params[0] as MessageParamValues | undefined;
  return { code, message: english(code, values ?? {}), ...(values ? { params: values } : {}) };
}

export type PlainMessageCode = { [C in MessageCode]: ParamsArg<C> extends [] ? C : never }[MessageCode];

/**
 * A schema check's message by code, made when the check fails (never when the schema is built): English on the
 * server, the reader's language in a web form. Use as the check's second argument: `.email(says('invalidEmail'))`.
 */
export function says(code: PlainMessageCode): { error: () => string } {
  return { error: () => formatMessage(code) };
}

let plainCodes: Map<string, PlainMessageCode> | null = null;

/**
 * The plain message (no parameters) whose English text this is, if any: what a `says(...)` check failed with on the
 * server, so a 400 can carry the check's own code (a flow's bound says its spec message, in the reader's language).
 */
export function plainCodeOf(text: string): PlainMessageCode | null {
  plainCodes ??= new Map(
    (Object.keys(messages) as MessageCode[])
      .filter((code) => !messages[code].includes('{'))
      .map((code) => [messages[code], code as PlainMessageCode]),
  );
  return plainCodes.get(text) ?? null;
}

/**
 * What to show for a sentence that came with its code (an answer's `{ code, message, params }`): the catalogue's
 * text in the reader's language when the sentence is the catalogue's own; otherwise (a validation failure naming
 * a field's rule, a framework's own text, another server) the sentence as it came.
 */
export function shownText(said: { code?: unknown; message?: unknown; params?: unknown }): string | null {
  const message = typeof said.message === 'string' && said.message.trim() ? said.message : null;
  if (!isMessageCode(said.code)) return message;
  const params = (typeof said.params === 'object' && said.params !== null ? said.params : {}) as MessageParamValues;
  if (message !== null && message !== fillParams(messages[said.code], params)) return message;
  return render(said.code, params);
}
