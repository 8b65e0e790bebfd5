/**
 * Safety report (docs/flows/safety-report.md; guided-flows.md §3–§5): what happened (a legacy option, or the v2
 * questions when the article's configuration enables them for the rider's country or city), for one of the rider's
 * rides or for another rider (their registered phone and the ride's CRN). Pure rules shared by the form and the server.
 */
import { z } from 'zod';
import { type CodedMessage, coded, says } from '../messages.ts';
import type { FlowParams } from './flow-params.ts';

export const SAFETY_REPORT_CALL_TYPES: readonly string[] = ['safety_report'];

/** Spec §5 / §9: the other rider's mobile is 10 digits (at most 10 typed); the CRN is digits, up to 20. */
export const SAFETY_PHONE_DIGITS = 10;
export const SAFETY_CRN_MAX_DIGITS = 20;
/** Spec §9: a v2 file question takes 3 images unless it says max_image_count. */
export const SAFETY_DEFAULT_MAX_IMAGES = 3;
/** The legacy 'others' option's description minimum when the article's option_limits sets none (spec §5 other reason). */
export const SAFETY_OTHERS_MIN_DEFAULT = 20;
export const SAFETY_TEXT_MAX = 1500;
/** Spec §4: the UK (country code GB) shows the notice that incidents are investigated and may go to the police. */
export const SAFETY_POLICE_NOTICE_COUNTRIES: readonly string[] = ['GB'];

/** The legacy option that means "something else": its description needs the minimum length. */
export const isOthersOption = (key: string) => key === 'others' || key.startsWith('other_');

export const safetyQuestionSchema = z.object({
  id: z.string().min(1).max(40),
  question: z.string().min(1).max(300),
  type: z.enum(['radio', 'text', 'number', 'file']),
  values: z.array(z.string().max(200)).max(20).optional(),
  mandatory: z.string().optional(),
  max_image_count: z.number().int().min(1).max(10).optional(),
});
export type SafetyQuestion = z.infer<typeof safetyQuestionSchema>;

/**
 * The article's side_load `safety_v2`: the v2 questions and where they apply — a `country` list (country codes) or a
 * `city_country` list ('City_CC', e.g. 'Bengaluru_IN'). Anywhere else, the article's legacy options.
 */
export const safetyV2ConfigSchema = z.object({
  country: z.array(z.string()).optional(),
  city_country: z.array(z.string()).optional(),
  questions: z.array(safetyQuestionSchema).min(1).max(20),
});

export const isMandatory = (q: Pick<SafetyQuestion, 'mandatory'>) => q.mandatory === 'yes';
export const maxImagesOf = (q: Pick<SafetyQuestion, 'max_image_count'>) =>
  q.max_image_count ?? SAFETY_DEFAULT_MAX_IMAGES;

/** The v2 questions for this rider (country, and the ride's city when known), or null for the legacy options. */
export function safetyV2Questions(
  sideLoad: Readonly<Record<string, unknown>>,
  where: { country: string; city?: string | null },
): SafetyQuestion[] | null {
  const parsed = safetyV2ConfigSchema.safeParse(sideLoad.safety_v2);
  if (!parsed.success) return null;
  const { country = [], city_country: cityCountry = [], questions } = parsed.data;
  const cc = where.country.toUpperCase();
  const inCity =
    where.city != null && cityCountry.some((entry) => entry.toLowerCase() === `${where.city}_${cc}`.toLowerCase());
  return country.map((c) => c.toUpperCase()).includes(cc) || inCity ? questions : null;
}

/** The legacy 'others' minimum: the article's option_limits for that key, else the default. */
export function othersMinLength(sideLoad: Readonly<Record<string, unknown>>, key: string): number {
  const limits = Array.isArray(sideLoad.option_limits) ? sideLoad.option_limits : [];
  for (const entry of limits as { key?: unknown; limit?: unknown }[]) {
    if (entry?.key === key && typeof entry.limit === 'number' && entry.limit > 0) return entry.limit;
  }
  return SAFETY_OTHERS_MIN_DEFAULT;
}

export const safetyCommentSchema = z.object({
  question: z.string().max(300),
  answer: z.string().max(SAFETY_TEXT_MAX),
  question_type: z.enum(['radio', 'text', 'number', 'file']),
});
export type SafetyComment = z.infer<typeof safetyCommentSchema>;

/**
 * The submit's params (guided-flows.md §3 safety variant). Every bound says its own message (400 with it);
 * whether the phone is a registered one is the server's to check.
 */
export const safetyReportParamsSchema = z.object({
  safety_report_option_id: z
    .string(says('safetyChooseOption'))
    .min(1, says('safetyChooseOption'))
    .max(100, says('safetyChooseOption')),
  description: z.string().max(SAFETY_TEXT_MAX, says('messageTooLong')).optional(),
  comments: z.array(safetyCommentSchema).max(20).optional(),
  phone_number: z
    .string(says('enterValidPhone'))
    .regex(new RegExp(`^\\d{${SAFETY_PHONE_DIGITS}}$`), says('enterValidPhone'))
    .optional(),
  crn: z
    .string(says('safetyCrnNumeric'))
    .regex(new RegExp(`^\\d{1,${SAFETY_CRN_MAX_DIGITS}}$`), says('safetyCrnNumeric'))
    .optional(),
});
export type SafetyReportParams = z.infer<typeof safetyReportParamsSchema>;
export const safetyReportParams: FlowParams<SafetyReportParams> = {
  schema: safetyReportParamsSchema,
  invalid: 'safetyInvalid',
};

/** How many images a report takes: its file question's max_image_count (default 3); the legacy form takes 3. */
export function safetyMaxImages(questions: SafetyQuestion[] | null): number {
  const file = questions?.find((q) => q.type === 'file');
  return file ? maxImagesOf(file) : SAFETY_DEFAULT_MAX_IMAGES;
}

/**
 * Why a report cannot be sent (null when it can), the message the form shows and the server answers 400 with: no
 * option (or not one of the article's); without a booking, a phone that is not 10 digits or a
 * CRN that is not digits; a mandatory v2 question unanswered (or a radio answer not among its values); the legacy
 * 'others' description under its minimum; more images than the report takes.
 */
export function safetyReportProblem(
  report: SafetyReportParams & { imageCount?: number },
  rules: { options: readonly string[]; hasBooking: boolean; questions: SafetyQuestion[] | null; othersMin: number },
): CodedMessage | null {
  if (!report.safety_report_option_id?.trim() || !rules.options.includes(report.safety_report_option_id)) {
    return coded('safetyChooseOption');
  }
  if (!rules.hasBooking) {
    if (!new RegExp(`^\\d{${SAFETY_PHONE_DIGITS}}$`).test(report.phone_number ?? '')) return coded('enterValidPhone');
    if (!new RegExp(`^\\d{1,${SAFETY_CRN_MAX_DIGITS}}$`).test(report.crn ?? '')) return coded('safetyCrnNumeric');
  }
  if (rules.questions) {
    const answers = new Map((report.comments ?? []).map((c) => [c.question, c.answer.trim()]));
    for (const q of rules.questions) {
      if (isMandatory(q) && !answers.get(q.question)) return coded('safetyAnswerMandatory');
      if (q.type === 'radio' && answers.get(q.question) && !(q.values ?? []).includes(answers.get(q.question) ?? '')) {
        return coded('safetyAnswerMandatory');
      }
      if (
        q.type === 'number' &&
        answers.get(q.question) &&
        !/^\d{1,12}(\.\d{1,2})?$/.test(answers.get(q.question) ?? '')
      ) {
        return coded('safetyInvalid');
      }
    }
  } else if (isOthersOption(report.safety_report_option_id)) {
    const n = rules.othersMin;
    if ((report.description ?? '').trim().length < n) return coded('descriptionTooShort', { n });
  }
  const max = safetyMaxImages(rules.questions);
  if ((report.imageCount ?? 0) > max) return coded('tooManyImages', { n: max });
  return null;
}

/** Notify (the submit button) is enabled only with an option chosen and, without a booking, a 10-digit phone. */
export const safetyNotifyEnabled = (option: string | null, hasBooking: boolean, phone: string) =>
  Boolean(option) && (hasBooking || new RegExp(`^\\d{${SAFETY_PHONE_DIGITS}}$`).test(phone));

/** What may be typed in the phone field: digits only, at most 10 (spec §5 "phone at most 10 digits"). */
export const safetyPhoneInput = (typed: string) => typed.replace(/\D/g, '').slice(0, SAFETY_PHONE_DIGITS);

export const showsPoliceNotice = (country: string) => SAFETY_POLICE_NOTICE_COUNTRIES.includes(country.toUpperCase());
