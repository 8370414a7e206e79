import { describe, expect, it } from 'vitest';
import { jsonLdScript } from './json-ld';
import { siteGraphJsonLd } from './structured-data';

describe('jsonLdScript', () => {
  const hostile = '</script><script>alert(1)</script><!-- & \u2028\u2029';

  it('keeps </script><script>alert(1)</script> inside the JSON string', () => {
    const out = jsonLdScript({ name: hostile });
    expect(out).not.toMatch(/<\/script/i);
    expect(out).not.toContain('<');
    expect(out).not.toContain('>');
    expect(out).not.toContain('<!--');
    expect(out).not.toMatch(/[\u2028\u2029]/);
    // Still valid JSON that reads back to exactly the original text.
    expect(JSON.parse(out)).toEqual({ name: hostile });
  });

  it('escapes & so no entity or markup can be formed', () => {
    expect(jsonLdScript({ a: 'Tom & Jerry' })).toBe('{"a":"Tom \\u0026 Jerry"}');
  });
});

describe('siteGraphJsonLd', () => {
  it('describes a WebSite with a /search?q= action and a Person in South London, UK', () => {
    const graph = siteGraphJsonLd('https://example.org')['@graph'];
    const website = graph.find((node) => node['@type'] === 'WebSite') as ReturnType<
      typeof siteGraphJsonLd
    >['@graph'][0];
    const person = graph.find((node) => node['@type'] === 'Person') as Record<string, unknown>;
    expect(JSON.stringify(website)).toContain('https://example.org/search?q={query}');
    expect(person.jobTitle).toBe('Watercolour Artist');
    expect(person.address).toMatchObject({ addressLocality: 'South London', addressCountry: 'UK' });
  });
});
