import { KYC_CSRF_FIELD, KYC_FORM_PATH, type kycFormSchema } from '@selfserve/contract';
import { getCsrfToken } from '../../lib/api-client';

/** The query the KYC endpoint's 303 brings the user back with (care_redirect_url), so the page can say it started. */
export const KYC_DONE_PARAM = 'kyc';
export const KYC_DONE_VALUE = 'done';

export type KycFields = Record<keyof typeof kycFormSchema.shape, string>;

/** care_redirect_url: back to `path` (a path on this site, maybe with a query) with the KYC-started notice's query. */
export function kycReturnUrl(path: string): string {
  const [pathname = '/', query = ''] = path.split('?');
  const search = new URLSearchParams(query);
  search.set(KYC_DONE_PARAM, KYC_DONE_VALUE);
  return `${pathname}?${search}`;
}

export const isKycDone = (search: string) => new URLSearchParams(search).get(KYC_DONE_PARAM) === KYC_DONE_VALUE;

/**
 * Posts the hidden do_kyc form (guided-flows.md §2, §4): a real multipart form post that leaves the page for
 * KYC_FORM_PATH; the server records the choice and answers 303 to care_redirect_url. A form cannot send our CSRF
 * header, so the token travels as its KYC_CSRF_FIELD field. Built when needed: the lists that post it carry no form.
 */
export function postKycForm(fields: KycFields, csrf: string | null = getCsrfToken()): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.enctype = 'multipart/form-data';
  form.action = KYC_FORM_PATH;
  form.hidden = true;
  form.dataset.testid = 'kyc-form';
  for (const [name, value] of [...Object.entries(fields), [KYC_CSRF_FIELD, csrf ?? '']]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name as string;
    input.value = value as string;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** The fields of a KYC category's or the KYC prompt's post: no ride, banner and landing 'kyc'. */
export function kycFields(articleId: string, backTo: string): KycFields {
  return {
    cnl: '',
    nav: articleId,
    banner: 'kyc',
    landing: 'kyc',
    care_redirect_url: kycReturnUrl(backTo),
    source: 'web',
  };
}
