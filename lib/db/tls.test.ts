import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './postgres-adapter';
import { postgresTls } from './tls';

describe('Postgres connections use TLS for any host but this machine', () => {
  it('requires TLS for a remote host, not for localhost, and defers to the URL when it says', () => {
    expect(postgresTls('postgresql://postgres.ref:pw@aws-0-eu-west-2.pooler.supabase.com:6543/postgres')).toBe(
      'require',
    );
    expect(postgresTls('postgres://u:p@10.0.0.5/db')).toBe('require');
    for (const local of [
      'postgres://u:p@localhost/db',
      'postgres://u:p@127.0.0.1:5432/db',
      'postgres://u:p@[::1]:5432/db',
      'postgres://u:p@db/db?host=/var/run/postgresql',
    ]) {
      expect(postgresTls(local), local).toBe(false);
    }
    expect(postgresTls('postgres://u:p@db.example.com/db?sslmode=disable')).toBeUndefined();
    expect(postgresTls('postgres://u:p@db.example.com/db?sslmode=verify-full')).toBeUndefined();
  });

  it('asks a remote server for TLS before anything else is sent', async () => {
    // A fake server on a non-local address of this machine records the first bytes it receives:
    // an SSLRequest is 8 bytes, length 8 then the code 80877103.
    const first = new Promise<Buffer>((resolve) => {
      const server = net.createServer((socket) => {
        socket.once('data', (data) => {
          resolve(data);
          socket.destroy();
          server.close();
        });
      });
      server.listen(0, '0.0.0.0', async () => {
        const { port } = server.address() as net.AddressInfo;
        // 127.0.0.2 is this machine, but not a name the rule treats as local.
        const db = await openPostgres(`postgres://u:p@127.0.0.2:${port}/db`, { max: 1 });
        await db.runner.query('select 1').catch(() => undefined);
        await db.close().catch(() => undefined);
      });
    });
    const bytes = await first;
    expect(bytes.readInt32BE(0)).toBe(8);
    expect(bytes.readInt32BE(4)).toBe(80877103);
  });
});
