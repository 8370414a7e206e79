'use client';

import { useRouter } from 'next/navigation';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';
import { createProduct, updateProduct } from '@/lib/shop/admin-actions';
import { FormError, SelectInput, TextAreaInput, TextInput, useShopForm } from './fields';

export type ProductValues = { id?: string; kind: string; title: string; description: string; artworkId: string };
type Options = { kinds: { value: string; label: string }[]; artworks: { id: string; title: string }[] };

/** A product's own fields; a new product goes on to its page, where its variants are added. */
export function ProductForm({ product, kinds, artworks }: { product: ProductValues } & Options) {
  const router = useRouter();
  const ids = useId();
  const { busy, errors, onSubmit } = useShopForm(
    (values) => (product.id ? updateProduct({ ...values, id: product.id }) : createProduct(values)),
    {
      saved: product.id ? 'Product saved' : 'Product added',
      onSaved: (data) => {
        if (!product.id && data) router.push(`/admin/shop/products/${data.id}`);
      },
    },
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Product details"
      aria-busy={busy || undefined}
      className="grid gap-5 rounded-card border border-line bg-white p-5 sm:grid-cols-2 sm:p-6"
    >
      <ReadyFieldset>
        <SelectInput
          id={`${ids}-kind`}
          name="kind"
          label="Kind"
          defaultValue={product.kind}
          options={kinds}
          error={errors.fields.kind}
        />
        <TextInput
          id={`${ids}-title`}
          name="title"
          label="Title"
          defaultValue={product.title}
          error={errors.fields.title}
        />
        <TextAreaInput
          id={`${ids}-description`}
          name="description"
          label="Description"
          defaultValue={product.description}
          error={errors.fields.description}
          className="sm:col-span-2"
        />
        <SelectInput
          id={`${ids}-artwork`}
          name="artworkId"
          label="Made from the painting"
          defaultValue={product.artworkId}
          options={[
            { value: '', label: 'None' },
            ...artworks.map((artwork) => ({ value: artwork.id, label: artwork.title })),
          ]}
          error={errors.fields.artworkId}
          hint="Its page can then offer this product beside the painting."
          className="sm:col-span-2"
        />
        <FormError message={errors.form} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : product.id ? 'Save Product' : 'Add Product'}
          </Button>
        </div>
      </ReadyFieldset>
    </form>
  );
}
