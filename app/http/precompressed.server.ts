// Static files compressed once at build time (scripts/precompress.ts writes `file.br` and `file.gz` beside each
// file under public/) and served in place of compressing them again on every request. The request is pointed
// at the compressed file and handed on to express.static, so caching headers, ETag, Last-Modified, ranges
// and 404s stay the static middleware's; only Content-Type (of the original) and Content-Encoding are set
// here. A file without a compressed copy, or a client that accepts neither encoding, gets what it got before:
// express.static, with the compression middleware compressing on the fly where it would.
import fs from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";

/** The encodings written at build time, best first, and the suffix of each compressed copy. */
export const PRECOMPRESSED_ENCODINGS = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

function modified(file: string) {
  try {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat?.isFile() ? stat.mtimeMs : undefined;
  } catch {
    // A name too long for the file system (ENAMETOOLONG) or a path through a file (ENOTDIR) names no file here.
    return undefined;
  }
}

/**
 * Whether a request path can name a file under `root`: its first segment is one of root's own entries (read once;
 * in development on every call, as files come and go). The pages skip the static middlewares' disk lookups: a stat
 * per request that the render path's profile showed for `/` (docs/benchmarks.md, "The render path, 2026-11-28").
 */
export function mayNameFileUnder(root: string) {
  const read = () => new Set(fs.readdirSync(root));
  const entries = read();
  return (requestPath: string) => {
    const first = requestPath.split("/", 2)[1] ?? "";
    let name: string;
    try {
      name = decodeURIComponent(first);
    } catch {
      // A malformed escape is the static middleware's to refuse, as before.
      return true;
    }
    return (process.env.NODE_ENV === "development" ? read() : entries).has(name);
  };
}

/** Serve precompressed copies of the files under `root` (mounted at the site's root, before express.static). */
export function precompressedFiles(root: string) {
  const base = path.resolve(root);
  // Which copies exist, per file: the build output does not change while the process runs.
  const copies = new Map<string, string[]>();
  const copiesOf = (file: string) => {
    let found = copies.get(file);
    if (!found) {
      const original = modified(file);
      // A copy older than its file (the file was edited after the build) is stale: the file is served instead.
      found = PRECOMPRESSED_ENCODINGS.filter(({ suffix }) => original !== undefined && (modified(file + suffix) ?? -1) >= original).map(
        ({ encoding }) => encoding,
      );
      if (process.env.NODE_ENV === "production") copies.set(file, found);
    }
    return found;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let file: string;
    try {
      file = path.join(base, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    // Only files inside root, never a dotfile or a request for a compressed copy itself.
    const relative = path.relative(base, file);
    // A NUL is no file name (fs refuses to stat it); such a path is the router's to refuse.
    if (file.includes("\0") || relative.startsWith("..") || relative.split(path.sep).some((part) => part.startsWith(".")) || /\.(br|gz)$/.test(file))
      return next();
    const available = copiesOf(file);
    if (!available.length) return next();
    res.vary("Accept-Encoding");
    // The best encoding the client accepts at all: a client's order among equal weights is no preference.
    const chosen = PRECOMPRESSED_ENCODINGS.find(({ encoding }) => available.includes(encoding) && req.acceptsEncodings(encoding) === encoding);
    if (!chosen) return next();
    const { encoding, suffix } = chosen;
    // The type express.static gives the file itself (it keeps a Content-Type already set).
    const { mime } = express.static;
    const type = mime.lookup(file);
    const charset = mime.charsets.lookup(type, "");
    res.setHeader("Content-Type", charset ? `${type}; charset=${charset}` : type);
    res.setHeader("Content-Encoding", encoding);
    const query = req.url.indexOf("?");
    req.url = query === -1 ? req.url + suffix : req.url.slice(0, query) + suffix + req.url.slice(query);
    next();
  };
}
