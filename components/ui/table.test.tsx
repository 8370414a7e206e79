import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScrollRegion, Table } from './table';

describe('ScrollRegion', () => {
  it('is a named region a keyboard can focus when it has a label', () => {
    const html = renderToStaticMarkup(
      <ScrollRegion label="Delivery prices by zone and weight class">
        <table />
      </ScrollRegion>,
    );
    expect(html).toMatch(
      /^<div tabindex="0" role="region" aria-label="Delivery prices by zone and weight class" class="[^"]*overflow-x-auto/,
    );
  });

  it('is a plain scroller without one, for tables with their own focusable cells', () => {
    const html = renderToStaticMarkup(
      <ScrollRegion>
        <table />
      </ScrollRegion>,
    );
    expect(html).not.toMatch(/tabindex|role=|aria-label/);
    expect(html).toContain('overflow-x-auto');
  });
});

describe('Table', () => {
  it('hands its scrollLabel to its region and keeps its own classes with the caller’s', () => {
    const html = renderToStaticMarkup(<Table scrollLabel="AI retrofit errors" className="table-fixed" />);
    expect(html).toContain('role="region" aria-label="AI retrofit errors"');
    expect(html).toMatch(/<table class="w-full caption-bottom border-collapse text-sm table-fixed"><\/table>/);
  });
});
