/**
 * Security events: what the owner may need to look back on after an incident. They are rows of
 * the Application Logs (type 'security'), so the owner reads them where the other logs are, but
 * retention keeps them apart (lib/retention/retention.ts): their own age and count limits, which no
 * number of other rows (anonymous telemetry above all) can use up. Nothing a visitor sends can
 * write this type: telemetry rows are 'frontend' or 'metric' (lib/telemetry-intake/event-schema.ts).
 */
export const SECURITY_LOG_TYPE = 'security';

export const securityEventMessages = {
  lockOut: 'Sign-in locked out: too many failed attempts',
  twoFactorOn: 'Two-factor sign-in turned on',
  twoFactorOff: 'Two-factor sign-in turned off',
  setupLinkUsed: 'First admin created through the setup link',
  passwordChanged: 'Password changed: the account was signed out everywhere',
  strayPayment: 'A payment arrived that matches no order: refund it in Stripe',
} as const;

export type SecurityEvent = keyof typeof securityEventMessages;

/**
 * The logs_app row of a security event, for a writer that inserts it in its own transaction
 * (a password change and its event commit together). Imports nothing that reads the
 * environment: lib/users/users.ts runs before it is set in some tests and scripts.
 */
export type SecurityEventRow = {
  level: 'warn' | 'info';
  type: typeof SECURITY_LOG_TYPE;
  feature: 'auth' | 'shop';
  message: string;
  userId?: string;
  meta?: Record<string, unknown>;
};

const WARNINGS: readonly SecurityEvent[] = ['lockOut', 'strayPayment'];

export function securityEventRow(
  event: SecurityEvent,
  fields: { userId?: string; meta?: Record<string, unknown>; feature?: SecurityEventRow['feature'] } = {},
): SecurityEventRow {
  return {
    level: WARNINGS.includes(event) ? 'warn' : 'info',
    type: SECURITY_LOG_TYPE,
    feature: 'auth',
    message: securityEventMessages[event],
    ...fields,
  };
}
