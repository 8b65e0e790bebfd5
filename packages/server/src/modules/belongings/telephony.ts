/**
 * The telephony adapter moved to modules/telephony/telephony.ts (one adapter for every call, docs/telephony.md).
 * This re-export only keeps imports written against the old place compiling; new code imports from there.
 */
export type { MaskedCall, Telephony } from '../telephony/telephony.ts';
export { simulatedTelephony } from '../telephony/telephony.ts';
