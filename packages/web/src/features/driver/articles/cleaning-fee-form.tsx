import {
  type Article,
  CLEANING_MAX_PHOTOS,
  CLEANING_MIN_PHOTOS,
  CLEANING_NOTE_MAX,
  cleaningOptions,
  type DriverRidesResponse,
  driverPaths,
  formatFare,
  resolveFlow,
  uploadLimits,
} from '@selfserve/contract';
import { useQuery } from '@tanstack/react-query';
import { useReducer, useState } from 'react';
import { Button } from '../../../components/button';
import { ChoiceGroup } from '../../../components/choice-group';
import { Field } from '../../../components/field';
import { ImageAttachments } from '../../../components/image-attachments';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import { useSession } from '../../../lib/session';
import { useImageAttachments } from '../../../lib/use-image-attachments';
import './driver-articles.css';

const PHOTO_LIMIT = '10mb';
/** The recent completed trips offered (a claim is for a trip of the last 24 hours: the newest come first). */
const RECENT_TRIPS = 8;

function useRecentTrips(userId: string) {
  return useQuery({
    queryKey: ['driver', 'rides', userId, 'cleaning'] as const,
    queryFn: ({ signal }) =>
      api.get<DriverRidesResponse>(driverPaths.rides, {
        query: { per_page: RECENT_TRIPS, status: 'completed' },
        signal,
      }),
  });
}

/**
 * The cleaning-fee claim (driver_cleaning_fee; docs/driver.md): the trip (the driver's recent completed trips,
 * the newest chosen), what happened (the article's options, each with the fee it pays), 2 to 4 photos taken before
 * cleaning, an optional note. Sent on the v3 submit, which waits 3 seconds for a driver article (the progress is
 * shown); the server applies the same rule (contract cleaningClaimProblem) and answers in the result dialog.
 */
export function CleaningFeeForm({ article, onReload }: { article: Article; onReload: () => void }) {
  const { t, intl } = useI18n();
  const { user } = useSession();
  const trips = useRecentTrips(user?.id ?? '');
  const options = cleaningOptions(article.options);
  const [tripId, setTripId] = useState<string | null>(null);
  const [option, setOption] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const images = useImageAttachments({ max: CLEANING_MAX_PHOTOS, limit: PHOTO_LIMIT });
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const list = trips.data?.data ?? [];
  const trip = list.find((r) => r.booking_id === tripId) ?? list[0] ?? null;
  const ride = trip ? { id: trip.booking_id, crn: trip.crn, cab_category: trip.car_category } : null;
  const send = useOneTouchSubmit(article, ride);
  const finish = useFinish(resolveFlow(article), dispatch, onReload);
  const sending = state.status === 'LOADING';
  const busy = sending || images.uploading;

  const submit = async () => {
    if (busy || !ride) return;
    if (!option) return setError(t('driverCleaningOption'));
    const photos = images.documentIds.length;
    if (photos < CLEANING_MIN_PHOTOS || photos > CLEANING_MAX_PHOTOS) return setError(t('driverCleaningPhotos'));
    setError(null);
    dispatch({ type: 'submit' });
    const result = await send({
      params: { option, ...(note.trim() ? { note: note.trim() } : {}) },
      uploaded_image_ids: images.documentIds,
      is_image_uploaded: true,
    });
    if (result) finish(result);
  };

  if (state.status === 'COMPLETED' || state.status === 'FAILURE') {
    return (
      <section className="onetouch" data-testid="cleaning-fee" data-form-state={state.status}>
        <FlowResultDialog
          result={state.result}
          article={article}
          bookingId={ride?.id ?? null}
          onBack={() => dispatch({ type: 'back' })}
        />
      </section>
    );
  }
  if (trips.isPending) return <p role="status">{t('driverArticles.checking')}</p>;
  if (trips.isError) return <p role="alert">{t('driverArticles.checkFailed')}</p>;
  if (!ride) return <p data-testid="cleaning-no-trips">{t('driverArticles.cleaningNoTrips')}</p>;

  return (
    <section className="onetouch driver-cleaning" data-testid="cleaning-fee" aria-busy={busy}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t('driverArticles.cleaningTrip')} className="field driver-cleaning__trips">
          {(control) => (
            <select
              {...control}
              value={trip?.booking_id ?? ''}
              onChange={(event) => setTripId(event.target.value)}
              disabled={busy}
            >
              {list.map((r) => (
                <option key={r.booking_id} value={r.booking_id}>
                  {t('driverArticles.tripOn', { crn: r.crn, date: formatDateTime(r.pickup_date, intl) })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ChoiceGroup<string>
          legend={t('driverArticles.cleaningWhat')}
          options={options.map((o) => ({
            value: o.value,
            label: (
              <span>
                {t('driverArticles.cleaningOption', {
                  text: o.text,
                  amount: formatFare(o.amount, trip?.currency_country ?? user?.country_code ?? 'IN'),
                })}
              </span>
            ),
          }))}
          value={option}
          onChange={(value) => {
            setOption(value);
            setError(null);
          }}
        />
        <div>
          <p>{t('driverArticles.cleaningPhotos', { min: CLEANING_MIN_PHOTOS, max: CLEANING_MAX_PHOTOS })}</p>
          <ImageAttachments
            attachments={images.attachments}
            onAdd={images.add}
            onRemove={images.remove}
            full={images.full}
            max={CLEANING_MAX_PHOTOS}
            sizeMb={Math.round(uploadLimits[PHOTO_LIMIT].bytes / (1024 * 1024))}
            notice={images.notice}
            required
            error={undefined}
            disabled={busy}
          />
        </div>
        <Field label={t('driverArticles.cleaningNote')}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={CLEANING_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              disabled={busy}
            />
          )}
        </Field>
        {error ? (
          <p className="field-error" role="alert" data-testid="cleaning-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {t('driverArticles.cleaningSubmit')}
        </Button>
        <p role="status" data-testid="cleaning-progress">
          {sending ? t('driverArticles.cleaningSending') : ''}
        </p>
      </form>
    </section>
  );
}
