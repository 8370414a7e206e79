'use client';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';
import { ScrollRegion } from '@/components/ui/table';
import { saveShippingRates } from '@/lib/shop/admin-actions';
import { FormError, useShopForm } from './fields';

type Named = { value: string; label: string };

/** The delivery prices, zone by weight class, in pounds: saved together, or not at all. */
export function ShippingForm({
  zones,
  weights,
  rates,
}: {
  zones: Named[];
  weights: Named[];
  rates: Record<string, string>;
}) {
  const { busy, errors, onSubmit } = useShopForm((values) => saveShippingRates(values), {
    saved: 'Delivery prices saved',
  });
  const invalid = Object.entries(errors.fields);
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Delivery prices"
      aria-busy={busy || undefined}
      className="flex flex-col gap-4"
    >
      {/* The scroller takes focus, so a keyboard can scroll it on a narrow screen; it stays outside
          the fieldset, which holds the fields disabled until the page is ready. */}
      <ScrollRegion label="Delivery prices by zone and weight class">
        <ReadyFieldset>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Delivery prices in pounds, by zone and weight class</caption>
            <thead className="bg-paper-deep/60">
              <tr className="border-b border-line">
                <td className="px-4 py-3" />
                {weights.map((weight) => (
                  <th
                    key={weight.value}
                    scope="col"
                    id={`rate-${weight.value}`}
                    className="px-4 py-3 text-left font-medium whitespace-nowrap text-ink-soft"
                  >
                    {weight.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {zones.map((zone) => (
                <tr key={zone.value} className="border-b border-line last:border-b-0">
                  <th
                    scope="row"
                    id={`rate-${zone.value}`}
                    className="px-4 py-3 text-left font-medium whitespace-nowrap text-ink"
                  >
                    {zone.label}
                  </th>
                  {weights.map((weight) => {
                    const name = `${zone.value}.${weight.value}`;
                    const error = errors.fields[name]?.[0];
                    return (
                      <td key={name} className="px-4 py-2">
                        <Input
                          name={name}
                          aria-label={`${zone.label}, ${weight.label} (£)`}
                          inputMode="decimal"
                          defaultValue={rates[name]}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? 'rates-error' : undefined}
                          className="min-w-24"
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ReadyFieldset>
      </ScrollRegion>
      {invalid.length ? (
        <ul id="rates-error" className="text-sm font-medium text-clay">
          {invalid.map(([name, messages]) => {
            const [zone, weight] = name.split('.');
            return (
              <li key={name}>
                {zones.find((z) => z.value === zone)?.label}, {weights.find((w) => w.value === weight)?.label}:{' '}
                {messages[0]}
              </li>
            );
          })}
        </ul>
      ) : null}
      <FormError message={errors.form} />
      <ReadyFieldset>
        <div>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : 'Save Delivery Prices'}
          </Button>
        </div>
      </ReadyFieldset>
    </form>
  );
}
