import { after, connection } from 'next/server';
import { callJobAgain, runCronJob } from '@/lib/cron';
import { logger } from '@/lib/log/logger';

/** Scheduled jobs for Vercel Cron (vercel.json): GET with `Authorization: Bearer <CRON_SECRET>`. */
export async function GET(request: Request, { params }: { params: Promise<{ job: string }> }) {
  await connection();
  const { job } = await params;
  const headers = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };
  try {
    const authorization = request.headers.get('authorization');
    const { status, body, again } = await runCronJob(job, authorization);
    if (status === 200) logger.info({ feature: 'cron', job, ...body }, `scheduled job ${job} done`);
    // Work remains (the newsletter's emails): the next run starts once this one has answered.
    if (again && authorization) after(() => callJobAgain(request.url, authorization));
    return Response.json(body, { status, headers });
  } catch (error) {
    logger.error({ err: error, feature: 'cron', job }, `scheduled job ${job} failed`);
    return Response.json({ error: `The job ${job} failed` }, { status: 500, headers });
  }
}
