import { addFeatureLabels } from '../../lib/i18n';

/** A ride's bill: its lines, total, what it is compared with, and its loading states. */
export const billEn = {
  caption: 'Your bill',
  line: {
    base_fare: 'Base fare',
    distance: 'Distance',
    distanceKm: 'Distance ({{km}} km)',
    peak: 'Peak-time charge',
    waiting: 'Waiting',
    waitingMinutes: 'Waiting ({{minutes}} min)',
    toll: 'Toll and parking',
    cancellation_fee: 'Cancellation fee',
    taxes: 'Taxes',
    adjustment: 'Adjustment',
  },
  total: 'Total',
  estimate: 'Estimate at booking',
  charged: 'Distance charged',
  route: 'Route on the map',
  rideTime: 'Ride time',
  km: '{{km}} km',
  minutes: '{{minutes}} min',
  none: 'This ride has no bill.',
  loadFailed: "We couldn't load the bill of this ride.",
  tryAgain: 'Try again',
};
export type BillLabels = typeof billEn;

declare module '../../lib/i18n' {
  interface FeatureLabels {
    bill: BillLabels;
  }
}

const billHi: BillLabels = {
  caption: 'आपका बिल',
  line: {
    base_fare: 'बेस किराया',
    distance: 'दूरी',
    distanceKm: 'दूरी ({{km}} किमी)',
    peak: 'पीक-टाइम शुल्क',
    waiting: 'प्रतीक्षा',
    waitingMinutes: 'प्रतीक्षा ({{minutes}} मिनट)',
    toll: 'टोल और पार्किंग',
    cancellation_fee: 'रद्दीकरण शुल्क',
    taxes: 'कर',
    adjustment: 'समायोजन',
  },
  total: 'कुल',
  estimate: 'बुकिंग के समय अनुमान',
  charged: 'ली गई दूरी',
  route: 'नक्शे पर रास्ता',
  rideTime: 'राइड का समय',
  km: '{{km}} किमी',
  minutes: '{{minutes}} मिनट',
  none: 'इस राइड का कोई बिल नहीं है।',
  loadFailed: 'हम इस राइड का बिल लोड नहीं कर सके।',
  tryAgain: 'फिर से कोशिश करें',
};

addFeatureLabels('bill', { en: billEn, hi: billHi });
