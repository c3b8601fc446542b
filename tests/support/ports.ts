// Loopback ports for tests that start a process on a port of their own choosing, or need one nothing answers on.
import net from "node:net";

/** A loopback port nothing listens on now: bound once by the operating system's choice, then released. */
export async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
