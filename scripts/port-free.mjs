import net from 'node:net';

/** Exits with a message naming `variable` when something already listens on `port`. */
export async function exitUnlessPortFree(port, who, variable) {
  await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error) => {
      console.error(`${who}: port ${port} is taken (${error.code}). Stop whatever listens there, or set ${variable}.`);
      process.exit(1);
    });
    probe.listen(Number(port), '127.0.0.1', () => probe.close(resolve));
  });
}
