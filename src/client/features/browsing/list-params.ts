import type { SortOption } from '#shared/browsing/public-list.schema.ts';
import { filterCategories } from '#shared/categories.ts';

// The public list state of spec 01 §2-§3 lives in the URL, so back navigation and shared links
// restore the same view. Parameters equal to their defaults are left out. Plain code, no zod:
// this runs on the home page, which is in the first bundle.

export type FilterCategory = 'all' | (typeof filterCategories)[number];

export interface ListParams {
  searchTerm: string;
  sortBy: SortOption;
  filterCategory: FilterCategory;
  currentPage: number;
}

/** In the order the sort select shows them; the first is the default. */
export const sortChoices: readonly SortOption[] = ['dateAsc', 'newest', 'dateDesc', 'priceAsc', 'priceDesc'];
export const categoryChoices: readonly FilterCategory[] = ['all', ...filterCategories];

const defaultListParams: ListParams = {
  searchTerm: '',
  sortBy: 'dateAsc',
  filterCategory: 'all',
  currentPage: 1,
};

export function readListParams(search: URLSearchParams): ListParams {
  const sortBy = search.get('sortBy');
  const filterCategory = search.get('filterCategory');
  const page = Number(search.get('currentPage'));
  return {
    searchTerm: (search.get('searchTerm') ?? '').slice(0, 100),
    sortBy: sortChoices.find((choice) => choice === sortBy) ?? defaultListParams.sortBy,
    filterCategory:
      categoryChoices.find((choice) => choice === filterCategory) ?? defaultListParams.filterCategory,
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The next URL parameters: the list's own are rewritten (defaults omitted), any other parameter
 * is kept. Changing search, sort or category goes back to page 1 (spec 01 §4).
 */
export function writeListParams(current: URLSearchParams, change: Partial<ListParams>): URLSearchParams {
  const before = readListParams(current);
  const filtersChanged =
    (change.searchTerm !== undefined && change.searchTerm !== before.searchTerm) ||
    (change.sortBy !== undefined && change.sortBy !== before.sortBy) ||
    (change.filterCategory !== undefined && change.filterCategory !== before.filterCategory);
  const next: ListParams = {
    ...before,
    ...change,
    currentPage: filtersChanged ? 1 : (change.currentPage ?? before.currentPage),
  };
  const params = new URLSearchParams(current);
  const set = (key: keyof ListParams, value: string, fallback: string) => {
    if (value === fallback) params.delete(key);
    else params.set(key, value);
  };
  set('searchTerm', next.searchTerm.trim() === '' ? '' : next.searchTerm, '');
  set('sortBy', next.sortBy, defaultListParams.sortBy);
  set('filterCategory', next.filterCategory, defaultListParams.filterCategory);
  set('currentPage', String(next.currentPage), '1');
  return params;
}

export function hasActiveFilters(params: ListParams): boolean {
  return params.searchTerm.trim() !== '' || params.filterCategory !== 'all';
}
