/** Round 44px share controls, shared by the server links and the client copy button. */
export const shareIconButton =
  'inline-flex size-11 items-center justify-center rounded-full border border-line bg-white text-ink transition-colors hover:border-wash/40 hover:bg-wash-light/50';
