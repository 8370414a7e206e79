import { availabilitySuggestions } from '@/lib/artworks/admin/schema';
import { CheckboxField, Fieldset, TextAreaField, TextField } from './form-fields';

/** The artwork form's sections below the image, which hold no state of their own. */
export function PricingFieldset() {
  return (
    <Fieldset legend="Pricing and availability">
      <TextField name="price" label="Price" hint="A number such as 450, or text such as On Request." />
      <TextField name="currency" label="Currency" hint="Three letters, e.g. GBP." />
      <div className="sm:col-span-2">
        <CheckboxField name="isForSale" label="For sale" />
      </div>
      <TextField
        name="availability"
        label="Availability"
        hint={`For example: ${availabilitySuggestions.join(', ')}.`}
      />
      <TextField name="sku" label="SKU" />
      <TextField name="editionSize" label="Edition size" inputMode="numeric" />
      <TextField name="editionNumber" label="Edition number" inputMode="numeric" />
      <TextField
        name="formatsAvailable"
        label="Formats available"
        hint="Comma-separated, e.g. Original, Giclée print, Card."
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <CheckboxField name="framed" label="Framed" />
      </div>
      <TextField name="widthMm" label="Width (mm)" inputMode="decimal" />
      <TextField name="heightMm" label="Height (mm)" inputMode="decimal" />
      <TextField name="year" label="Year" inputMode="numeric" />
      <TextField name="medium" label="Medium" placeholder="Watercolour on paper" />
      <TextField
        name="storeUrl"
        label="Store URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        className="sm:col-span-2"
      />
    </Fieldset>
  );
}

export function StoryExtrasFieldset() {
  return (
    <Fieldset legend="Story extras">
      <TextAreaField name="longStoryDescription" label="Long story description" rows={8} className="sm:col-span-2" />
    </Fieldset>
  );
}

/** `metaWarning`: what the meta description's length calls for, if anything. */
export function SeoFieldset({ metaWarning }: { metaWarning: string | null }) {
  return (
    <Fieldset legend="SEO and social">
      <TextField name="seoTitle" label="SEO title" />
      <TextField name="metaTitle" label="Meta title" />
      <TextAreaField name="seoDescription" label="SEO description" rows={3} className="sm:col-span-2" />
      <TextAreaField
        name="metaDescription"
        label="Meta description"
        rows={3}
        className="sm:col-span-2"
        hint={
          <span aria-live="polite" className={metaWarning ? 'font-medium text-clay' : undefined}>
            {metaWarning ?? 'Recommended: 150-160 chars.'}
          </span>
        }
      />
      <TextField name="keywords" label="Keywords" hint="Comma-separated." className="sm:col-span-2" />
      <TextField name="tags" label="Tags" hint="Comma-separated." className="sm:col-span-2" />
      <TextField name="ogTitle" label="Open Graph title" />
      <TextField name="twitterTitle" label="Twitter title" />
      <TextAreaField name="ogDescription" label="Open Graph description" rows={2} />
      <TextAreaField name="twitterDescription" label="Twitter description" rows={2} />
    </Fieldset>
  );
}
