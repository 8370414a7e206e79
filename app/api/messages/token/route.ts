import { connection } from 'next/server';
import { signFormToken } from '@/lib/messages/form-token';

/** The signed time a message form was shown (lib/messages/form-token.ts); never cached. */
export async function GET(): Promise<Response> {
  await connection();
  return Response.json({ token: signFormToken() }, { headers: { 'Cache-Control': 'no-store' } });
}
