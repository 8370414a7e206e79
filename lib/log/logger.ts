import pino from 'pino';
import { quietenedDuringOutage } from '@/lib/db/health';
import { env } from '@/lib/env';

/**
 * Server log: JSON lines on stdout. Secrets never reach it (passwords, tokens, keys are
 * redacted). While the database is away, a line whose error says only that is counted, not
 * written: lib/db/health.ts logs the outage once each way.
 */
export const logger = pino({
  level: env().LOG_LEVEL,
  base: undefined,
  hooks: {
    logMethod(args, method) {
      const [fields] = args as unknown[];
      if (fields && typeof fields === 'object' && quietenedDuringOutage((fields as { err?: unknown }).err)) return;
      return method.apply(this, args);
    },
  },
  redact: {
    paths: [
      'password',
      '*.password',
      'token',
      '*.token',
      'authorization',
      '*.authorization',
      'cookie',
      '*.cookie',
      'apikey',
      '*.apikey',
    ],
    censor: '[redacted]',
  },
});
