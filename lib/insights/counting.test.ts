import { describe, expect, it } from 'vitest';
import { countable, deviceOf, referringHost } from './counting';
import { dayOf } from './range';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const headers = (entries: Record<string, string>) => new Headers(entries);

describe('who is counted', () => {
  it('counts people’s browsers', () => {
    expect(countable(headers({ 'user-agent': chrome }))).toBe(true);
    expect(countable(headers({ 'user-agent': iphone, 'sec-gpc': '0' }))).toBe(true);
  });

  it('leaves out browsers that ask not to be tracked (GPC, DNT)', () => {
    expect(countable(headers({ 'user-agent': chrome, 'sec-gpc': '1' }))).toBe(false);
    expect(countable(headers({ 'user-agent': iphone, dnt: '1' }))).toBe(false);
  });

  it('leaves out crawlers, headless browsers, link previewers, HTTP libraries and requests without a user agent', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'curl/8.5.0',
      'python-requests/2.32.3',
    ]) {
      expect(countable(headers({ 'user-agent': agent })), agent).toBe(false);
    }
    expect(countable(headers({}))).toBe(false);
  });
});

describe('what a visit is counted as', () => {
  it('a device class from the viewport width', () => {
    expect(deviceOf(390)).toBe('phone');
    expect(deviceOf(767)).toBe('phone');
    expect(deviceOf(768)).toBe('tablet');
    expect(deviceOf(1023)).toBe('tablet');
    expect(deviceOf(1280)).toBe('desktop');
  });

  it('the referring site’s host, only for another site', () => {
    const site = new Set(['https://elenamarsh.example']);
    expect(referringHost('https://www.Google.com/search?q=watercolour', site)).toBe('google.com');
    expect(referringHost('https://l.instagram.com/?u=x', site)).toBe('l.instagram.com');
    expect(referringHost('https://elenamarsh.example/gallery', site)).toBeNull();
    expect(referringHost('', site)).toBeNull();
    expect(referringHost(null, site)).toBeNull();
    expect(referringHost('android-app://com.google.android.gm/', site)).toBeNull();
    expect(referringHost('not a url', site)).toBeNull();
  });

  it('the UTC day', () => {
    expect(dayOf(Date.UTC(2026, 10, 25, 23, 59))).toBe('2026-11-25');
    expect(dayOf(new Date('2026-11-26T00:00:00Z'))).toBe('2026-11-26');
  });
});
