// The request body cap, enforced while the body streams in: a body over the limit is refused with 413 as soon
// as its bytes pass the limit (or at once when Content-Length says so), before anything buffers it whole.
import { Readable } from "node:stream";
import type { NextFunction, Request, Response } from "express";

/** No form or API call of the product sends more: the largest is an article with a 5,000-character summary. */
export const MAX_BODY_BYTES = 64 * 1024;

export const BODY_TOO_LARGE = `The request body is too large: the limit is ${MAX_BODY_BYTES / 1024} KB.`;

/** How long a refused client may keep sending (discarded) after the 413, so that it can read the answer. */
const LINGER_MS = 2_000;

/**
 * Answers 413 and closes the connection without reading the rest of the body. The client may still be
 * sending: a socket closed with unread bytes in it answers them with a TCP reset, and a reset makes the
 * client's system drop the 413 it has not read yet (the client sees ECONNRESET instead). So the close lingers,
 * as nginx's does: after the answer the server only half-closes (FIN) and destroys the socket when the client
 * closes its side or after LINGER_MS, whichever comes first. Meanwhile it stops reading: what still arrives waits
 * in the system's buffers, and TCP holds the client back once they fill, instead of megabytes being read into
 * memory only to be thrown away.
 */
function refuse(req: Request, res: Response) {
  const socket = req.socket;
  // Node ends a `Connection: close` answer with `socket.destroySoon()` (end, then destroy at once).
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  req.pause();
  res.status(413).set("Connection", "close").json({ message: BODY_TOO_LARGE });
}

/**
 * Reads a request's body up to the limit into `res.locals.body` (a Buffer); GET and HEAD pass through.
 * Remix then reads the body from that buffer (see `bodyStream`), never from the socket.
 */
export function limitRequestBody(limit = MAX_BODY_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (Number(req.headers["content-length"] ?? 0) > limit) return refuse(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        refuse(req, res);
        return;
      }
      chunks.push(chunk);
    });
    req.once("end", () => {
      if (refused) return;
      res.locals.body = Buffer.concat(chunks);
      next();
    });
    req.once("error", (error) => {
      if (!refused && !res.headersSent) next(error);
    });
  };
}

/**
 * What the Remix adapter reads a request from: the request itself for GET and HEAD, otherwise a stream of the
 * buffered body that carries the request's fields the adapter uses (method, headers, URL parts).
 */
export function bodyStream(req: Request, res: Response): Request {
  const body: Buffer | undefined = res.locals.body;
  if (!body) return req;
  const stream = Readable.from(body.length ? [body] : []);
  return Object.assign(stream, {
    method: req.method,
    headers: req.headers,
    originalUrl: req.originalUrl,
    protocol: req.protocol,
    hostname: req.hostname,
    socket: req.socket,
    get: req.get.bind(req),
  }) as unknown as Request;
}
