import { after } from 'next/server';
import { database } from '@/lib/database';
import { mailSettings } from '@/lib/mail';
import { handleConfirm } from '@/lib/newsletter/routes';

/**
 * The confirmation page's button (lib/newsletter/routes.ts). The welcome email goes out after
 * the answer, within the request's life (a function may freeze after it).
 */
export async function POST(request: Request): Promise<Response> {
  return handleConfirm(request, { database, mail: mailSettings(), afterResponse: (work) => after(work) });
}
