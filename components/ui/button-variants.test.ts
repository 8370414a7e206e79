import { describe, expect, it } from 'vitest';
import { buttonVariants } from './button-variants';

describe('buttonVariants', () => {
  it('gives the base class, the variant and the size, with primary and md as defaults', () => {
    expect(buttonVariants()).toBe('btn btn-primary');
    expect(buttonVariants({ variant: 'secondary', size: 'sm' })).toBe('btn btn-secondary btn-sm');
    expect(buttonVariants({ variant: 'ghost', size: 'icon' })).toBe('btn btn-ghost btn-icon');
    expect(buttonVariants({ variant: null, size: null })).toBe('btn btn-primary');
    expect(buttonVariants({ variant: 'outlineLight' })).toBe('btn btn-outline-light');
  });
});
