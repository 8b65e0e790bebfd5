import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Article,
  answeredTicketId,
  articleFormRules,
  cleanDescription,
  DESCRIPTION_MIN_LENGTH,
  formatMessage,
  type IssueFormValues,
  issueFormFieldPaths,
  issueFormSchema,
  MAX_IMAGES,
  MAX_INVOICE_IMAGES,
  shownText,
  type TicketPayload,
  ticketRoutes,
  type UploadLimit,
  uploadLimits,
} from '@selfserve/contract';
import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useImageAttachments } from '../../../lib/use-image-attachments';
import { type CreateTicketRequest, type MarketplaceKind, useCreateTicket } from '../api/create-ticket';
import { useTicketBack } from '../hooks/use-ticket-back';
import { useTicketCreateStatus } from '../hooks/use-ticket-create-status';
import '../tickets.css';
import { ImageAttachments } from '../../../components/image-attachments';
import { attemptFor, type SubmitAttempt } from '../../../lib/idempotency';
import { ItemChecklist } from './item-checklist';
import { TicketResult } from './ticket-result';

/** What the form needs of the article it is about (its id and title go with the ticket). */
export type IssueFormArticle = Pick<Article, 'id' | 'title' | 'labels' | 'label_names' | 'side_load'>;

export interface IssueFormBooking {
  id: string;
  crn: string;
  cab_category?: string | null;
}

export interface IssueFormOrder {
  kind: MarketplaceKind;
  orderId: string;
  items: readonly { item_id: string; item_name: string; quantity: number }[];
}

export interface IssueFormProps {
  /** The issue; none for the general write-to-us. */
  article?: IssueFormArticle | null;
  /** The ride the issue is about: sent as booking_id, and its valid CRN makes the description optional. */
  booking?: IssueFormBooking | null;
  /** A marketplace order: the ticket goes to that kind's createTicket, with the item checklist. */
  order?: IssueFormOrder | null;
  /** ?source_page= of POST /api/v1/ticket (for example PACKAGE). */
  sourcePage?: string | null;
  /**
   * guided-flows.md §5: the desktop upload takes images under 5 MB, the shared upload component of the app 10 MB;
   * by default the form takes the one of where the page runs.
   */
  uploadLimit?: UploadLimit;
}

type RequestWithoutKey =
  | Omit<Extract<CreateTicketRequest, { target: 'ticket' }>, 'idempotencyKey'>
  | Omit<Extract<CreateTicketRequest, { target: 'order' }>, 'idempotencyKey'>;

/**
 * The write-to-us issue form (guided-flows.md §5): e-mail (hidden with hide_email), description (letters,
 * digits and spaces; at least 20 characters unless hidden or the ride id is valid), images (uploaded as they
 * are chosen; required for image-upload articles; 10, or 1 for an invoice) and an item article's product
 * checklist. The rules are the contract's validateIssueForm, the very function the server runs.
 *
 * Submitting walks initial → creating → done (spec §4). A failed submit leaves every value and image in
 * place; resubmitting it unchanged reuses its idempotency key, so the server answers with the ticket it may
 * already have made; any edit makes a new submit with a new key.
 */
export function IssueForm({
  article = null,
  booking = null,
  order = null,
  sourcePage = null,
  uploadLimit,
}: IssueFormProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, userInfo, inApp } = useSession();
  const limit: UploadLimit = uploadLimit ?? (inApp ? '10mb' : '5mb');
  const ids = useId();

  const rules = useMemo(() => {
    const articleRules = articleFormRules(article, { rideId: booking?.crn ?? null, items: order?.items ?? null });
    // An order's ticket takes its contact details from the order (as the marketplace routes do): no e-mail asked.
    return order ? { ...articleRules, hideEmail: true } : articleRules;
  }, [article, booking?.crn, order]);
  const schema = useMemo(() => issueFormSchema(rules), [rules]);
  const profileEmail = userInfo?.email || user?.email || '';
  const [defaults] = useState<IssueFormValues>(() => ({
    email: profileEmail,
    description: '',
    imageIds: [],
    items: (rules.items ?? []).map((p) => ({ item_id: p.item_id, quantity: 0 })),
  }));
  const form = useForm<IssueFormValues>({ resolver: zodResolver(schema), defaultValues: defaults });
  const { errors } = form.formState;

  // The profile may answer after the form appeared: fill the e-mail unless the user typed one.
  useEffect(() => {
    if (profileEmail && !form.getValues('email') && !form.getFieldState('email').isDirty) {
      form.setValue('email', profileEmail);
    }
  }, [profileEmail, form]);

  const maxImages = rules.invoice ? MAX_INVOICE_IMAGES : MAX_IMAGES;
  const images = useImageAttachments({ max: maxImages, limit });
  useEffect(() => {
    form.setValue('imageIds', images.documentIds, { shouldValidate: form.formState.isSubmitted });
  }, [images.documentIds, form]);

  const create = useCreateTicket();
  const { state, submit, succeed, fail, back, goHome } = useTicketCreateStatus();
  const status = useRef(state.status);
  useEffect(() => {
    status.current = state.status;
  }, [state.status]);
  useTicketBack(state.status, back);

  const attemptNumber = useRef(0);
  const lastAttempt = useRef<SubmitAttempt | null>(null);

  // A created ticket ends this form's story: a new one starts empty, with a new key.
  const { clear } = images;
  useEffect(() => {
    if (state.status !== 'done') return;
    lastAttempt.current = null;
    clear();
    form.reset({ ...defaults, email: form.getValues('email') });
  }, [state.status, clear, form, defaults]);

  const buildRequest = useCallback(
    (values: IssueFormValues): RequestWithoutKey => {
      const query = rules.hideDescription ? '' : cleanDescription(values.description).trim();
      const uploaded = values.imageIds.length > 0 ? values.imageIds : undefined;
      const items = rules.items
        ? values.items.flatMap((chosen) => {
            const product = rules.items?.find((p) => p.item_id === chosen.item_id);
            return product && chosen.quantity > 0
              ? [{ item_id: product.item_id, item_name: product.item_name, quantity: chosen.quantity }]
              : [];
          })
        : undefined;
      if (order) {
        return {
          target: 'order',
          kind: order.kind,
          payload: {
            order_id: order.orderId,
            issue_id: article?.id ?? null,
            article_name: article?.title ?? null,
            query,
            uploaded_image_ids: uploaded,
            item_details: items,
          },
        };
      }
      const tag = article?.labels.tag;
      const payload: TicketPayload = {
        query,
        issue_id: article?.id,
        article_name: article?.title,
        article_type: typeof tag === 'string' ? tag : undefined,
        booking_id: booking?.id,
        email_from: rules.hideEmail ? undefined : values.email.trim(),
        cab_category: booking?.cab_category ?? undefined,
        country_code: user?.country_code,
        uploaded_image_ids: uploaded,
        item_details: items,
      };
      return { target: 'ticket', payload, sourcePage };
    },
    [rules, order, article, booking, user?.country_code, sourcePage],
  );

  const applyError = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      form.setError('root.server', { type: 'unknown', message: formatMessage('retry') });
      return;
    }
    if (error.code === 'email_not_verified') {
      void navigate(ticketRoutes.verifyEmail, { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    let placed = false;
    for (const [field, message] of Object.entries(error.fields ?? {})) {
      const path = issueFormFieldPaths[field as keyof typeof issueFormFieldPaths];
      if (path && message) {
        form.setError(path, { type: 'server', message });
        placed = true;
      }
    }
    if (placed) return;
    // Spec §5: a failed creation asks to retry; a refusal with its own text shows that text.
    const message = error.status === 0 || error.status >= 500 ? formatMessage('retry') : error.text;
    form.setError('root.server', { type: error.code, message });
  };

  const onValid = async (values: IssueFormValues) => {
    // A second click of the same submit (or a click while images upload) does nothing.
    if (status.current !== 'initial' || images.uploading) return;
    const request = buildRequest(values);
    const attempt = attemptFor(lastAttempt.current, request);
    lastAttempt.current = attempt;
    attemptNumber.current += 1;
    const n = attemptNumber.current;
    status.current = 'creating';
    submit(n);
    form.clearErrors('root');
    try {
      const answer = await create.mutateAsync({ ...request, idempotencyKey: attempt.key } as CreateTicketRequest);
      const ticketId = answeredTicketId(answer);
      if (!ticketId) {
        // Spec §8: an answer that names no ticket made nothing to follow — say so, keep the form, and let the next
        // submit be a new one (a new key), since this key's answer would only repeat itself.
        if (attemptNumber.current === n && status.current === 'creating') status.current = 'initial';
        lastAttempt.current = null;
        fail(n);
        form.setError('root.server', { type: 'ticketNotSubmitted', message: formatMessage('ticketNotSubmitted') });
        return;
      }
      if (attemptNumber.current === n && status.current === 'creating') status.current = 'done';
      succeed(n, {
        ticketId,
        requestStatus: answer.request_status,
        message: shownText(answer) ?? answer.message,
      });
    } catch (error) {
      if (attemptNumber.current === n && status.current === 'creating') status.current = 'initial';
      fail(n);
      applyError(error);
    }
  };

  if ((state.status === 'done' || state.status === 'redirecting-to-home') && state.result) {
    return (
      <TicketResult result={state.result} redirecting={state.status === 'redirecting-to-home'} onGoHome={goHome} />
    );
  }

  const creating = state.status === 'creating';
  const descriptionField = form.register('description');
  const onDescription = (event: ChangeEvent<HTMLTextAreaElement>) => {
    // Spec §5: letters, digits and spaces only; anything else disappears as it is typed.
    const el = event.target;
    const clean = cleanDescription(el.value);
    if (clean !== el.value) {
      const caret = cleanDescription(el.value.slice(0, el.selectionStart ?? el.value.length)).length;
      el.value = clean;
      el.setSelectionRange(caret, caret);
    }
    void descriptionField.onChange(event);
  };
  const descriptionOptional = !rules.hideDescription && Boolean(rules.rideId) && !errors.description;
  const emailError = errors.email?.message;
  const descriptionError = errors.description?.message;
  const serverError = errors.root?.server?.message;
  const descriptionMin = rules.descriptionMin ?? DESCRIPTION_MIN_LENGTH;

  return (
    <form
      className="form issue-form"
      noValidate
      onSubmit={form.handleSubmit(onValid)}
      aria-busy={creating}
      data-testid="issue-form"
      data-status={state.status}
    >
      {rules.hideEmail ? null : (
        <Field id={`${ids}-email`} label={t('tickets.form.emailLabel')} error={emailError ?? null}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={50}
              readOnly={creating}
              {...form.register('email')}
            />
          )}
        </Field>
      )}

      {rules.hideDescription ? null : (
        <Field
          id={`${ids}-description`}
          label={descriptionOptional ? t('tickets.form.descriptionOptional') : t('tickets.form.descriptionLabel')}
          hint={t('tickets.form.descriptionHint', { min: descriptionMin })}
          error={descriptionError ?? null}
        >
          {(control) => (
            <textarea
              {...control}
              rows={5}
              maxLength={5000}
              readOnly={creating}
              {...descriptionField}
              onChange={onDescription}
            />
          )}
        </Field>
      )}

      {rules.items ? (
        <Controller
          control={form.control}
          name="items"
          render={({ field, fieldState }) => (
            <ItemChecklist
              products={rules.items ?? []}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={creating}
            />
          )}
        />
      ) : null}

      <ImageAttachments
        attachments={images.attachments}
        onAdd={images.add}
        onRemove={images.remove}
        full={images.full}
        max={maxImages}
        sizeMb={Math.round(uploadLimits[limit].bytes / (1024 * 1024))}
        required={rules.imageUploadRequired}
        notice={images.notice}
        error={errors.imageIds?.message}
        disabled={creating}
      />

      {serverError ? (
        <p className="form-error" role="alert" data-testid="issue-form-error">
          {serverError}
        </p>
      ) : null}
      {images.uploading ? (
        <p className="field-hint" role="status">
          {t('tickets.form.waitForUploads')}
        </p>
      ) : null}
      <Button type="submit" disabled={creating || images.uploading} data-testid="issue-submit">
        {creating ? t('tickets.form.submitting') : t('tickets.form.submit')}
      </Button>
    </form>
  );
}
