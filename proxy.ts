import { NextResponse, type NextRequest } from 'next/server';

/**
 * First stop of every request: gives it a correlation id (kept from the caller when sane) that
 * server logs and the response share. Authorization is NOT decided here: every admin page,
 * action and route handler calls requireAdmin() itself.
 */
const CORRELATION_HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export function proxy(request: NextRequest) {
  const incoming = request.headers.get(CORRELATION_HEADER);
  const correlationId = incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
  const headers = new Headers(request.headers);
  headers.set(CORRELATION_HEADER, correlationId);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set(CORRELATION_HEADER, correlationId);
  return response;
}

export const config = {
  // Static assets and images need no id.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon.png|apple-icon.png|carousel/|images/|blog/|media/).*)'],
};
