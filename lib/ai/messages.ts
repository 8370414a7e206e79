/**
 * The AI helper's words, shared by the server and the admin's browser code
 * (docs/product.md, AI helper).
 */
export const AI_NOT_CONFIGURED = 'AI is not configured';

/** How the owner turns the helper on; shown beside the AI buttons while it is off. */
export const AI_ENABLE_HINT =
  'To enable it, set OPENAI_API_KEY on the server (with OPENAI_BASE_URL and OPENAI_MODEL for a local or other OpenAI-compatible server), then restart the site.';

export const aiMessages = {
  missingTitle: 'Missing Information',
  missing: 'Please provide a Title and an Image before using AI.',
  failedTitle: 'AI Generation Failed',
  failed: 'Failed to generate AI details.',
  applied: 'Applied!',
  allApplied: 'All Applied!',
  reverted: 'Changes Reverted',
} as const;
