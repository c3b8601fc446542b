// How a failed fetch is told: FetchError carries a message written for the person reading the source health
// monitor, and network failures (from Node's sockets and from undici) are turned into such messages here.

/** A failed fetch, with a message written for the person reading the source health monitor. */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

// Never the address a name resolved to: whoever typed the name would learn our DNS answers and private hosts.
export function refusalReason(host: string) {
  return `${host} is not a public address`;
}

/** A fetch refused because the address is private: the URL itself is not allowed, whatever is tried again. */
export class PrivateAddressRefused extends FetchError {
  constructor(host: string) {
    super(`Refused: ${refusalReason(host)}`);
    this.name = "PrivateAddressRefused";
  }
}

/**
 * Codes of a connection closed under a request: a reset or broken pipe from the socket, or undici's
 * "other side closed" when the connection ends before the answer does.
 */
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

export function isConnectionReset(error: unknown) {
  return RESET_CODES.has((error as NodeJS.ErrnoException | undefined)?.code ?? "");
}

export function describeNetworkError(error: NodeJS.ErrnoException, host: string): FetchError {
  if (error instanceof FetchError) return error;
  if (isConnectionReset(error)) return new FetchError(`Connection reset by ${host}`);
  switch (error.code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new FetchError(`Could not resolve ${host} (unknown host or no network)`);
    case "ECONNREFUSED":
      return new FetchError(`Connection refused by ${host}`);
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new FetchError(`${host} is unreachable (no network route)`);
  }
  if (/^Z_|BROTLI|_ERROR_FORMAT_/.test(error.code ?? "")) return new FetchError(`Could not decompress the response from ${host}`);
  if (error.code?.startsWith("ERR_TLS") || /certificate/i.test(error.message)) return new FetchError(`TLS certificate problem at ${host}: ${error.message}`);
  return new FetchError(`Request to ${host} failed: ${error.message}`);
}
