/**
 * Starts one of the fake outside services on loopback, on `--port N` (any free port without it),
 * and prints its base URL; Ctrl-C or SIGTERM stops it.
 */
export async function runFake(command: string, start: (options: { port: number }) => Promise<{ url: string; close(): Promise<void> }>) {
  const args = process.argv.slice(2);
  const portIndex = args.indexOf('--port');
  const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`usage: npm run -s ${command} -- [--port N]`);
    process.exit(1);
  }
  const fake = await start({ port });
  console.log(fake.url);
  const stop = () => void fake.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
