import { UserFacingError } from '@/lib/http/user-facing-error';

/** What the account page shows while turning two-factor sign-in on. */
export type Enrolment = { secret: string; uri: string; qrCode: string };

export type TwoFactorStatus = {
  enabled: boolean;
  /** Unused recovery codes; null where the adapter keeps none (Supabase Auth). */
  recoveryCodesLeft: number | null;
};

export const twoFactorMessages = {
  wrongCode: 'That code did not work. Check the time on your phone, then try the newest code.',
  wrongSignInCode: 'That code did not work. For your safety, please sign in again with your email and password.',
  wrongPassword: 'That password is not right. Two-factor sign-in is still on.',
  alreadyOn: 'Two-factor sign-in is already on.',
  noEnrolment: 'Start again: the set-up was not found or has expired.',
  notOn: 'Two-factor sign-in is not on.',
  expired: 'Your sign-in has expired. Please enter your email and password again.',
  tooManyCodes: 'Too many codes tried. Please wait 15 minutes and try again.',
} as const;

/** A refusal the person can act on; its message is shown as it is. */
export class TwoFactorError extends UserFacingError {
  constructor(message: string) {
    super(message);
    this.name = 'TwoFactorError';
  }
}
