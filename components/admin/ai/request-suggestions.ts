import type { AiSuggestion } from '@/lib/ai/suggestion';
import { AI_NOT_CONFIGURED, aiMessages } from '@/lib/ai/messages';

export type SuggestionRequest = {
  title: string;
  category: string;
  imageUrl: string;
  existing: { slug: string; description: string; imageAlt: string; price: string };
};

export type SuggestionOutcome =
  { ok: true; suggestion: AiSuggestion } | { ok: false; error: string; notConfigured: boolean };

/** Calls generate-artwork-details in single mode; the server's message, or the fallback. */
export async function requestSuggestions(body: SuggestionRequest): Promise<SuggestionOutcome> {
  try {
    const response = await fetch('/api/generate-artwork-details', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) as (AiSuggestion & { error?: string }) | null;
    if (!response.ok || !data || data.error) {
      const error = data?.error || aiMessages.failed;
      return { ok: false, error, notConfigured: error === AI_NOT_CONFIGURED };
    }
    return { ok: true, suggestion: data };
  } catch {
    return { ok: false, error: aiMessages.failed, notConfigured: false };
  }
}

/** Whether the server has the AI helper configured (null while unknown). */
export async function fetchAiConfigured(): Promise<boolean | null> {
  try {
    const response = await fetch('/api/generate-artwork-details', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    return ((await response.json()) as { configured?: boolean }).configured ?? null;
  } catch {
    return null;
  }
}
