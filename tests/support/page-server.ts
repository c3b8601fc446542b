// A local web server for tests: serves fixed pages by path and counts requests per path.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Page = { status?: number; contentType: string; body: string | Buffer; delayMs?: number };

export async function startPageServer(pages: Record<string, Page>) {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = pages[path];
    if (!page) {
      res.writeHead(404, { "Content-Type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    setTimeout(() => res.writeHead(page.status ?? 200, { "Content-Type": page.contentType }).end(page.body), page.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    hits: (path: string) => hits.get(path) ?? 0,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
