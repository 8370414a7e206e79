import { SearchIcon } from '@/components/site/icons';
import { Button } from '@/components/ui/button';
import { SEARCH_MAX_LENGTH } from '@/lib/artworks/search-limits';

/** A plain GET form: works without JavaScript, and its URL is the WebSite SearchAction's. */
export function SearchForm({ defaultValue = '' }: { defaultValue?: string }) {
  return (
    <form action="/search" method="get" role="search" className="flex flex-col gap-2">
      <label htmlFor="search-q" className="text-sm font-medium">
        Search
      </label>
      <div className="flex gap-2">
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Harbour, mist, Dulwich…"
          className="field-input h-11 rounded-full px-5"
        />
        <Button type="submit">
          <SearchIcon className="size-4" />
          Search
        </Button>
      </div>
    </form>
  );
}
