/** The blog's three categories (docs/product.md, Blog), in the order the filter shows them. */
export const storyCategories = ['Sanctuaries of the Mind', 'Techniques', 'Inspiration'] as const;
