import { connection } from 'next/server';
import { runCronJob } from '@/lib/cron';
import { logger } from '@/lib/log/logger';

/** Scheduled jobs for Vercel Cron (vercel.json): GET with `Authorization: Bearer <CRON_SECRET>`. */
export async function GET(request: Request, { params }: { params: Promise<{ job: string }> }) {
  await connection();
  const { job } = await params;
  const headers = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };
  try {
    const { status, body } = await runCronJob(job, request.headers.get('authorization'));
    if (status === 200) logger.info({ feature: 'cron', job, ...body }, `scheduled job ${job} done`);
    return Response.json(body, { status, headers });
  } catch (error) {
    logger.error({ err: error, feature: 'cron', job }, `scheduled job ${job} failed`);
    return Response.json({ error: `The job ${job} failed` }, { status: 500, headers });
  }
}
