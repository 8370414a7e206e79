import pino from 'pino';
import { env } from '@/lib/env';

/** Server log: JSON lines on stdout. Secrets never reach it (passwords, tokens, keys are redacted). */
export const logger = pino({
  level: env().LOG_LEVEL,
  base: undefined,
  redact: {
    paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization', 'cookie', '*.cookie', 'apikey', '*.apikey'],
    censor: '[redacted]',
  },
});
