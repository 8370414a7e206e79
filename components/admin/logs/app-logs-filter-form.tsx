import Form from 'next/form';
import Link from 'next/link';
import { Select } from '@/components/ui/select';
import { buttonVariants } from '@/components/ui/button-variants';
import { fieldClasses } from '@/components/ui/field-classes';
import type { AppLogFilters } from '@/lib/log-viewer/queries';
import { logLevels } from '@/lib/db/schema';
import { LOG_TEXT_MAX_LENGTH } from '@/lib/log-viewer/params';

/**
 * Level, feature and text: a GET form, so the filters live in the URL (shareable, kept by
 * Refresh) and the server filters. Applying them starts again from the newest row.
 */
export function AppLogsFilterForm({ filters, features }: { filters: AppLogFilters; features: string[] }) {
  const featureChoices =
    filters.feature && !features.includes(filters.feature) ? [filters.feature, ...features] : features;
  return (
    <Form
      action="/admin/logs/app"
      role="search"
      aria-label="Filter logs"
      className="grid gap-3 rounded-card border border-line bg-white p-4 sm:grid-cols-[10rem_14rem_minmax(0,1fr)_auto] sm:items-end"
    >
      <FilterSelect
        id="log-level"
        name="level"
        label="Level"
        all="All levels"
        value={filters.level}
        choices={logLevels}
      />
      <FilterSelect
        id="log-feature"
        name="feature"
        label="Feature"
        all="All features"
        value={filters.feature}
        choices={featureChoices}
      />
      <div>
        <label htmlFor="log-text" className="mb-1 block text-sm font-medium text-ink">
          Message contains
        </label>
        <input
          id="log-text"
          type="search"
          name="q"
          defaultValue={filters.q ?? ''}
          maxLength={LOG_TEXT_MAX_LENGTH}
          autoComplete="off"
          placeholder="Text or a correlation ID"
          className={`${fieldClasses} h-10`}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={`${buttonVariants({ size: 'sm' })} h-10`}>
          Apply filters
        </button>
        <Link href="/admin/logs/app" className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} h-10`}>
          Reset
        </Link>
      </div>
    </Form>
  );
}

function FilterSelect({
  id,
  name,
  label,
  all,
  value,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  all: string;
  value?: string;
  choices: readonly string[];
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <Select id={id} name={name} defaultValue={value ?? ''}>
        <option value="">{all}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </Select>
    </div>
  );
}
