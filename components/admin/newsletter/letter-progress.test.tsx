import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LetterProgressBar } from './letter-progress';

// A letter's progress (docs/product.md, Letters): a progressbar whose values say how many of how
// many emails were sent, for assistive technology as for the eye.

const attributes = (html: string) => {
  const tag = /<div[^>]*role="progressbar"[^>]*>/.exec(html)?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
};

describe('the letter’s progress bar', () => {
  it('gives its minimum, maximum, value and words from the counts', () => {
    const html = renderToStaticMarkup(
      <LetterProgressBar progress={{ total: 450, sent: 120, waiting: 328, failed: 2 }} sending />,
    );
    expect(attributes(html)).toMatchObject({
      'aria-valuemin': '0',
      'aria-valuemax': '450',
      'aria-valuenow': '120',
      'aria-valuetext': '120 of 450 sent',
      'aria-labelledby': 'letter-progress-heading',
    });
    expect(html).toContain('style="width:27%"');
    expect(html).toMatch(/<dt>Waiting<\/dt><dd[^>]*>328<\/dd>/);
    expect(html).toMatch(/<dt>Failed<\/dt><dd[^>]*>2<\/dd>/);
    expect(html).toContain('>Sending</h2>');
  });

  it('is full once every email is sent, and empty (not divided by zero) with none', () => {
    const done = renderToStaticMarkup(
      <LetterProgressBar progress={{ total: 3, sent: 3, waiting: 0, failed: 0 }} sending={false} />,
    );
    expect(attributes(done)).toMatchObject({ 'aria-valuenow': '3', 'aria-valuemax': '3' });
    expect(done).toContain('style="width:100%"');
    expect(done).toContain('>Sent</h2>');
    const none = renderToStaticMarkup(
      <LetterProgressBar progress={{ total: 0, sent: 0, waiting: 0, failed: 0 }} sending />,
    );
    expect(none).toContain('style="width:0%"');
  });
});
