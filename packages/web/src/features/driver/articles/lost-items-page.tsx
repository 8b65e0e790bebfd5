import { type PartnerLostItem, routes, shownText } from '@selfserve/contract';
import { useId, useState } from 'react';
import { BackButton } from '../../../components/back-button';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Field } from '../../../components/field';
import { Loader } from '../../../components/loader';
import { RequireUser } from '../../../components/require-user';
import { formatDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { errorText, useAnswerLostItem, useCallLostItemCustomer, useHandOverLostItem, useLostItems } from './api';
import './driver-articles.css';

function LostItem({ item }: { item: PartnerLostItem }) {
  const { t, intl } = useI18n();
  const headingId = useId();
  const [note, setNote] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const answer = useAnswerLostItem();
  const handOver = useHandOverLostItem();
  const call = useCallLostItemCustomer();
  const busy = answer.isPending || handOver.isPending || call.isPending;
  const failed = (err: unknown) => setSaid(errorText(err, t('genericFailure')));
  const { item: what } = item;

  const step =
    item.step === 'done'
      ? t('driverArticles.lostStepDone', { date: formatDateTime(item.handed_over_at, intl) })
      : t(`driverArticles.lostStep.${item.step}`);

  return (
    <li className="driver-lost__item" aria-labelledby={headingId} data-testid="lost-item" data-step={item.step}>
      <h2 id={headingId}>{what.item_name || what.item_description}</h2>
      <p>{t('driverArticles.tripOn', { crn: item.crn, date: formatDateTime(item.ride_date, intl) })}</p>
      <dl>
        <dt>{t('driverArticles.lostDescription')}</dt>
        <dd>{what.item_description}</dd>
        {what.item_color ? (
          <>
            <dt>{t('driverArticles.lostColour')}</dt>
            <dd>{what.item_color}</dd>
          </>
        ) : null}
        {what.item_brand ? (
          <>
            <dt>{t('driverArticles.lostBrand')}</dt>
            <dd>{what.item_brand}</dd>
          </>
        ) : null}
        {what.item_at ? (
          <>
            <dt>{t('driverArticles.lostWhere')}</dt>
            <dd>{what.item_at}</dd>
          </>
        ) : null}
        <dt>{t('driverArticles.lostReported')}</dt>
        <dd>{formatDateTime(item.reported_at, intl)}</dd>
      </dl>
      <p className="driver-lost__step" data-testid="lost-item-step">
        {step}
      </p>
      {item.step === 'answer' ? (
        <>
          <Field label={t('driverArticles.lostNote')}>
            {(control) => (
              <textarea
                {...control}
                rows={2}
                maxLength={300}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                disabled={busy}
              />
            )}
          </Field>
          <div className="driver-lost__buttons">
            <Button
              disabled={busy}
              onClick={() =>
                answer.mutate(
                  { request_id: item.request_id, found: true, ...(note.trim() ? { note: note.trim() } : {}) },
                  { onSuccess: () => setSaid(null), onError: failed },
                )
              }
            >
              {t('driverArticles.lostFound')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                answer.mutate(
                  { request_id: item.request_id, found: false, ...(note.trim() ? { note: note.trim() } : {}) },
                  { onSuccess: () => setSaid(null), onError: failed },
                )
              }
            >
              {t('driverArticles.lostNotFound')}
            </Button>
          </div>
        </>
      ) : null}
      {item.step === 'handover' ? (
        <div className="driver-lost__buttons">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              call.mutate(item.crn, {
                onSuccess: (a) => setSaid(shownText(a) ?? a.message),
                onError: failed,
              })
            }
          >
            {t('driverArticles.lostCall')}
          </Button>
          <Button
            disabled={busy}
            onClick={() => handOver.mutate(item.request_id, { onSuccess: () => setSaid(null), onError: failed })}
          >
            {t('driverArticles.lostHandOver')}
          </Button>
        </div>
      ) : null}
      <p role="status" className="driver-articles__said" data-testid="lost-item-said">
        {said ?? ''}
      </p>
    </li>
  );
}

function LostItems() {
  const { t } = useI18n();
  const query = useLostItems();
  useDocumentTitle(t('driverArticles.lostTitle'));
  return (
    <div className="page driver-page driver-lost" data-testid="driver-lost-items">
      <BackButton to={routes.home} />
      <h1>{t('driverArticles.lostTitle')}</h1>
      <p>{t('driverArticles.lostIntro')}</p>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <p data-testid="lost-items-none">{t('driverArticles.lostNone')}</p>
      ) : (
        <ul className="driver-lost__list">
          {query.data.data.map((item) => (
            <LostItem key={item.request_id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The partner's side of a lost item (docs/driver.md): the requests customers made on rides the partner drove; the
 * partner says found or not found, calls the customer (masked) once found, and confirms the hand-over.
 */
export function DriverLostItemsPage() {
  return (
    <RequireUser>
      <LostItems />
    </RequireUser>
  );
}
