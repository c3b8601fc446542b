// Minimal version; the full implementation lives on its own branch.
import { config } from "../config.server";

export type FetchResult = {
  status: number;
  notModified: boolean;
  url: string;
  contentType: string;
  body: Buffer;
  text(): string;
  etag?: string;
  lastModified?: string;
};

export class FetchError extends Error {}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

export async function fetchUrl(
  url: string,
  options: {
    etag?: string | null;
    lastModified?: string | null;
    timeoutMs?: number;
    maxBytes?: number;
    accept?: string;
    signal?: AbortSignal;
  } = {},
): Promise<FetchResult> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchError(`Not a valid URL: ${url}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new FetchError(`Only http(s) URLs can be fetched: ${url}`);
  const headers: Record<string, string> = { "User-Agent": config().FETCH_USER_AGENT, Accept: options.accept ?? "*/*" };
  if (options.etag) headers["If-None-Match"] = options.etag;
  if (options.lastModified) headers["If-Modified-Since"] = options.lastModified;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? config().FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(parsed, { headers, signal, redirect: "follow" });
  } catch (error) {
    if (timeout.aborted) throw new FetchError(`Timed out fetching ${parsed.host}`);
    throw new FetchError(`Could not reach ${parsed.host}: ${(error as Error).cause ?? (error as Error).message}`);
  }
  if (response.status === 304) {
    return { status: 304, notModified: true, url: response.url || url, contentType: "", body: Buffer.alloc(0), text: () => "" };
  }
  if (!response.ok) throw new FetchError(`HTTP ${response.status} from ${parsed.host}`);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader!.cancel();
      throw new FetchError(`The response from ${parsed.host} is larger than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(read.value));
  }
  const body = Buffer.concat(chunks);
  return {
    status: response.status,
    notModified: false,
    url: response.url || url,
    contentType: response.headers.get("content-type") ?? "",
    body,
    text: () => body.toString("utf8"),
    etag: response.headers.get("etag") ?? undefined,
    lastModified: response.headers.get("last-modified") ?? undefined,
  };
}
