import { describe, expect, it } from 'vitest';
import { appLogsHref, LOG_TEXT_MAX_LENGTH, parseAppLogsQuery } from './params';

const id = '0b7e6a34-0c51-4b8f-9f57-0d7e0a8a1c2d';

describe('the Application Logs URL', () => {
  it('reads level, feature, text and where an older page starts; ignores anything malformed', () => {
    expect(
      parseAppLogsQuery({
        level: 'warn',
        feature: 'auth',
        q: '  locked  ',
        before: `2026-11-23 11:45:02.123456+00|${id}`,
      }),
    ).toEqual({
      filters: { level: 'warn', feature: 'auth', q: 'locked' },
      before: { ts: '2026-11-23 11:45:02.123456+00', id },
    });
    expect(parseAppLogsQuery({ level: 'loud', feature: '', q: '', before: `yesterday|${id}` })).toEqual({
      filters: {},
      before: undefined,
    });
    expect(parseAppLogsQuery({ before: '2026-11-23 11:45:02+00|not-a-uuid' }).before).toBeUndefined();
    expect(parseAppLogsQuery({ level: ['error', 'info'] }).filters.level).toBe('error');
  });

  it('bounds the text filter', () => {
    expect(parseAppLogsQuery({ q: 'x'.repeat(5000) }).filters.q).toHaveLength(LOG_TEXT_MAX_LENGTH);
  });

  it('round-trips through the links it makes', () => {
    const query = {
      filters: { level: 'error' as const, feature: 'global', q: '100% & more' },
      before: { ts: '2026-11-23 11:45:02.123456+00', id },
    };
    const href = appLogsHref(query.filters, query.before);
    expect(href.startsWith('/admin/logs/app?')).toBe(true);
    expect(parseAppLogsQuery(Object.fromEntries(new URL(href, 'http://x').searchParams))).toEqual(query);
    expect(appLogsHref({})).toBe('/admin/logs/app');
  });
});
