import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAB_MOBILE_LENGTH,
  type CabAttachmentForm as CabAttachmentFields,
  cabAttachmentFormSchema,
  cabMobileInput,
  resolveFlow,
} from '@selfserve/contract';
import { useEffect, useReducer } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Field } from '../../../components/field';
import { Loader } from '../../../components/loader';
import { FlowResultDialog } from '../../../components/one-touch/result-dialog';
import { useI18n } from '../../../lib/i18n';
import { formReducer, initialFormState } from '../../../lib/one-touch/form-state';
import { useFinish } from '../../../lib/one-touch/use-finish';
import { useOneTouchSubmit } from '../../../lib/one-touch/use-one-touch-submit';
import type { FlowFormProps } from '../flow-form';
import { useCabCities } from './api/get-cities';
import './cab-attachment.css';

/**
 * Attach your car (guided-flows.md §3, §5; docs/flows/cab-attachment.md): choose a city (the profile's preselected)
 * and go to its onboarding offices (/bd_address); while no city is chosen, a mobile number for a call back. A
 * refusal (a city we do not serve) is the result dialog, a modal popup with the answer's title and message; what was
 * typed stays for the next try.
 */
export function CabAttachmentForm({ article, onReload }: FlowFormProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const flow = resolveFlow(article);
  const cities = useCabCities();
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const send = useOneTouchSubmit(article, null);
  const finish = useFinish(flow, dispatch, onReload);
  const form = useForm<CabAttachmentFields>({
    resolver: zodResolver(cabAttachmentFormSchema),
    defaultValues: { city: '', phone_number: '' },
  });
  const { errors } = form.formState;
  const city = form.watch('city');

  const own = cities.data?.user_city ?? null;
  useEffect(() => {
    if (own && !form.getValues('city')) form.setValue('city', own);
  }, [own, form]);

  const submit = form.handleSubmit(async (fields) => {
    if (state.status === 'LOADING') return;
    const chosen = cities.data?.cities.find((c) => c.id === fields.city);
    dispatch({ type: 'submit' });
    const result = await send({
      reason_submitted: chosen?.name ?? '',
      city: fields.city || null,
      phone_number: fields.city ? null : fields.phone_number,
    }).catch(() => null);
    if (!result) {
      dispatch({ type: 'back' });
      return;
    }
    const to = result.sideLoad.redirect_to;
    if (result.state === 'SUCCESS' && typeof to === 'string' && to.startsWith('/bd_address')) {
      void navigate(to);
      return;
    }
    finish(result);
  });

  if (cities.isPending) return <Loader />;
  if (cities.isError) return <ErrorState onRetry={() => void cities.refetch()} />;
  return (
    <form className="cab-attachment" data-testid="cab-attachment-form" noValidate onSubmit={(e) => void submit(e)}>
      <Field label={t('cabAttachment.city')} error={errors.city?.message}>
        {(control) => (
          <select {...control} {...form.register('city')} data-testid="cab-city">
            <option value="">{t('cabAttachment.chooseCity')}</option>
            {cities.data.cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {city ? null : (
        <Field
          label={t('cabAttachment.mobile')}
          hint={t('cabAttachment.mobileHint')}
          error={errors.phone_number?.message}
        >
          {(control) => {
            const field = form.register('phone_number');
            return (
              <input
                {...control}
                {...field}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={CAB_MOBILE_LENGTH}
                data-testid="cab-mobile"
                // Digits only, no leading zero, at most 10: anything else typed is refused as it is typed.
                onChange={(e) => {
                  e.target.value = cabMobileInput(e.target.value);
                  void field.onChange(e);
                }}
              />
            );
          }}
        </Field>
      )}
      <Button type="submit" disabled={state.status === 'LOADING'}>
        {t('cabAttachment.submit')}
      </Button>
      {state.status === 'LOADING' ? <Loader /> : null}
      {state.status === 'COMPLETED' || state.status === 'FAILURE' ? (
        <FlowResultDialog
          result={state.result}
          article={article}
          bookingId={null}
          onBack={() => dispatch({ type: 'back' })}
        />
      ) : null}
    </form>
  );
}
