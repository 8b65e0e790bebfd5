/** The label of a ride's service type (the API's display_type is English; the label is the reader's). */
const SERVICE_KEYS = {
  p2p: 'driver.service.p2p',
  rental: 'driver.service.rental',
  outstation: 'driver.service.outstation',
  food_delivery: 'driver.service.food_delivery',
} as const;

export function serviceLabelKey(service: string): (typeof SERVICE_KEYS)[keyof typeof SERVICE_KEYS] {
  return SERVICE_KEYS[service as keyof typeof SERVICE_KEYS] ?? SERVICE_KEYS.p2p;
}
