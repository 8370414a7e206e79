import { after } from 'next/server';
import { clientInfo } from '@/lib/auth/client-info';
import { database } from '@/lib/database';
import { handleSend } from '@/lib/messages/send';

/**
 * A visitor's message from the contact or the footer form (lib/messages/send.ts). The owner's
 * email goes out after the answer, within the request's life (a function may freeze after it).
 */
export async function POST(request: Request): Promise<Response> {
  return handleSend(request, {
    database,
    address: async () => (await clientInfo()).ip,
    afterResponse: (work) => after(work),
  });
}
