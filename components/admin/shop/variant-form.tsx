'use client';

import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';
import { saveVariant } from '@/lib/shop/admin-actions';
import { ArchiveButton } from './archive-button';
import { FormError, SelectInput, TextInput, useShopForm } from './fields';

export type VariantValues = {
  id?: string;
  label: string;
  sku: string;
  price: string;
  stock: string;
  weightClass: string;
  archived: boolean;
};

const EMPTY: VariantValues = { label: '', sku: '', price: '', stock: '', weightClass: 'small', archived: false };

/**
 * One variant of a product, edited where it is listed; without `variant`, the row that adds one
 * (emptied once added).
 */
export function VariantForm({
  productId,
  variant = EMPTY,
  weights,
}: {
  productId: string;
  variant?: VariantValues;
  weights: { value: string; label: string }[];
}) {
  const ids = useId();
  const name = variant.id ? variant.label : 'New variant';
  const { busy, errors, onSubmit } = useShopForm(
    (values) => saveVariant({ ...values, productId, id: variant.id ?? '' }),
    {
      saved: variant.id ? 'Variant saved' : 'Variant added',
      onSaved: (_data, form) => {
        if (!variant.id) form.reset();
      },
    },
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={variant.id ? `Variant ${variant.label}` : 'Add a variant'}
      aria-busy={busy || undefined}
      className={`grid gap-4 rounded-card border p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.2fr_1fr_1fr_1.3fr] ${variant.archived ? 'border-dashed border-line bg-paper' : 'border-line bg-white'}`}
    >
      <ReadyFieldset>
        <TextInput
          id={`${ids}-label`}
          name="label"
          label="Label"
          defaultValue={variant.label}
          error={errors.fields.label}
          hint={variant.id ? undefined : 'e.g. A4 on cotton rag'}
        />
        <TextInput id={`${ids}-sku`} name="sku" label="SKU" defaultValue={variant.sku} error={errors.fields.sku} />
        <TextInput
          id={`${ids}-price`}
          name="price"
          label="Price (£)"
          inputMode="decimal"
          defaultValue={variant.price}
          error={errors.fields.price}
        />
        <TextInput
          id={`${ids}-stock`}
          name="stock"
          label="Stock"
          inputMode="numeric"
          defaultValue={variant.stock}
          error={errors.fields.stock}
          hint="Empty: made to order."
        />
        <SelectInput
          id={`${ids}-weight`}
          name="weightClass"
          label="Weight class"
          defaultValue={variant.weightClass}
          options={weights}
          error={errors.fields.weightClass}
        />
        <FormError message={errors.form} />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-full">
          <Button
            type="submit"
            size="sm"
            disabled={busy}
            aria-busy={busy || undefined}
            aria-label={variant.id ? `Save ${name}` : undefined}
          >
            {busy ? 'Saving…' : variant.id ? 'Save' : 'Add Variant'}
          </Button>
          {variant.id ? (
            <ArchiveButton
              productId={productId}
              variantId={variant.id}
              archived={variant.archived}
              name={variant.label}
            />
          ) : null}
          {variant.archived ? <span className="text-sm text-ink-soft">Archived: not for sale.</span> : null}
        </div>
      </ReadyFieldset>
    </form>
  );
}
