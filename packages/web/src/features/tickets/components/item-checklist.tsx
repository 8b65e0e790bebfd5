import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';

export interface ChecklistProduct {
  item_id: string;
  item_name: string;
  quantity: number;
}

export interface ItemChecklistProps {
  products: readonly ChecklistProduct[];
  /** Every product with its chosen quantity; 0 means not chosen. */
  value: readonly { item_id: string; quantity: number }[];
  onChange: (value: { item_id: string; quantity: number }[]) => void;
  error: string | undefined;
  disabled: boolean;
}

/** An item article's products: tick what is affected and how many, up to what was ordered. */
export function ItemChecklist({ products, value, onChange, error, disabled }: ItemChecklistProps) {
  const { t } = useI18n();
  const id = useId();
  const quantityOf = (itemId: string) => value.find((v) => v.item_id === itemId)?.quantity ?? 0;
  const set = (itemId: string, quantity: number) =>
    onChange(
      products.map((p) => ({ item_id: p.item_id, quantity: p.item_id === itemId ? quantity : quantityOf(p.item_id) })),
    );

  return (
    <fieldset
      className="issue-form__items"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      data-testid="item-checklist"
    >
      <legend>{t('tickets.form.itemsLabel')}</legend>
      {products.map((p, index) => {
        const chosen = quantityOf(p.item_id);
        const boxId = `${id}-item-${index}`;
        return (
          <div key={p.item_id} className="issue-form__item">
            <input
              id={boxId}
              type="checkbox"
              checked={chosen > 0}
              disabled={disabled}
              onChange={(e) => set(p.item_id, e.target.checked ? 1 : 0)}
            />
            <label htmlFor={boxId}>{p.item_name}</label>
            <select
              aria-label={t('tickets.form.quantityFor', { name: p.item_name })}
              value={chosen > 0 ? chosen : 1}
              disabled={disabled || chosen === 0}
              onChange={(e) => set(p.item_id, Number(e.target.value))}
            >
              {Array.from({ length: Math.max(1, p.quantity) }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <span className="issue-form__ordered">{t('tickets.form.ordered', { n: p.quantity })}</span>
          </div>
        );
      })}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
