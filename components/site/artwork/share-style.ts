/** Round 44px share controls, shared by the server links and the client copy button. */
export const shareIconButton = 'share-button';
