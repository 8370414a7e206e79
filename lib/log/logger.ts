import 'server-only';
import pino from 'pino';
import { env } from '@/lib/env';

/** The server's structured logger: JSON lines on stdout, one process-wide instance. */
export const logger = pino({ level: env().LOG_LEVEL, base: { app: 'watercolour-site' } });
