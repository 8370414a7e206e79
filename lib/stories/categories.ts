/** The blog's three categories (spec: blog posts), in the order the filter shows them. */
export const storyCategories = ['Sanctuaries of the Mind', 'Techniques', 'Inspiration'] as const;
