import { zodResolver } from '@hookform/resolvers/zod';
import { LAB_DESCRIPTION_MAX, LAB_FIELD_MAX, type LostItem, lostItemFormSchema } from '@selfserve/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { useI18n } from '../../../lib/i18n';

const fields = ['item_name', 'item_color', 'item_brand', 'item_type', 'item_at'] as const;
type ItemField = (typeof fields)[number];
const fieldLabel = {
  item_name: 'itemName',
  item_color: 'itemColor',
  item_brand: 'itemBrand',
  item_type: 'itemType',
  item_at: 'itemAt',
} as const satisfies Record<ItemField, string>;

const empty = { item_name: '', item_color: '', item_brand: '', item_type: '', item_description: '', item_at: '' };

/** The lost-item form (guided-flows.md §5): what the item is and where; only the description is required. */
export function ItemForm({ busy, onSubmit }: { busy: boolean; onSubmit: (item: LostItem) => void }) {
  const { t } = useI18n();
  const ids = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(lostItemFormSchema),
    defaultValues: empty,
    // The message stays until the next submit, as it always has.
    reValidateMode: 'onSubmit',
  });
  const submit = handleSubmit((item) => {
    if (!busy) onSubmit(item);
  });
  return (
    <form className="form belonging-form" onSubmit={submit} noValidate data-testid="belonging-form">
      {fields.map((name) => (
        <Field key={name} id={`${ids}-${name}`} label={t(`lostItem.${fieldLabel[name]}`)}>
          {(control) => <input {...control} type="text" maxLength={LAB_FIELD_MAX[name]} {...register(name)} />}
        </Field>
      ))}
      <Field
        id={`${ids}-description`}
        errorId={`${ids}-error`}
        label={t('lostItem.description')}
        error={formState.errors.item_description ? t('lostItem.describeItem') : null}
      >
        {(control) => (
          <textarea {...control} maxLength={LAB_DESCRIPTION_MAX} required {...register('item_description')} />
        )}
      </Field>
      <Button type="submit" disabled={busy}>
        {t('lostItem.submit')}
      </Button>
    </form>
  );
}
