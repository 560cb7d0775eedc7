// A refusal decided before the request's body was read (an upload refused with 401, 403, 413, 429
// or 400 while the client is still sending it) must reach every client as a whole answer.
//
// Answering at once does not do it. Closing the connection after the answer resets it while the
// client is still sending: Node's fetch and browsers fail with EPIPE/ECONNRESET instead of reading
// the answer. Keeping it open is not enough either: a proxy built on Node's http client (Vite's dev
// server in `pnpm dev`) gets the complete answer while it is still forwarding the body, closes its
// side and fails the client the same way. Leaving the body unread stalls the client on a full TCP
// window, and Node would otherwise read it without limit.
//
// So the rest of the body is read and dropped first, and the answer goes once all of it has
// arrived, with `Connection: close`: every client is reading by then, and Node closes the connection
// with nothing unread, cleanly. A body that goes on for more than DISCARD_LIMIT_BYTES after the
// refusal is answered there and its connection closed with the rest unread (a client that reads
// while it sends, as curl does, still gets the answer; others may see a reset). A slow client is
// bounded by the server's requestTimeout.
import type { IncomingMessage } from "node:http";
import { finished } from "node:stream";
import { MAX_UPLOAD_BYTES } from "@loop/rules/schemas/loops";
import type { Request, Response } from "express";

/** What is read and dropped after a refusal: the largest body the API accepts (an upload with its form fields). */
export const DISCARD_LIMIT_BYTES = MAX_UPLOAD_BYTES + 4 * 1024 * 1024;

/** The request announced a body (a length or chunks) that has not all been received yet. */
export function hasUnreadBody(req: IncomingMessage): boolean {
  const announced = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
  return announced && !req.complete;
}

/** Drops the rest of the body, then sends `payload` as the JSON answer and closes the connection. */
export function answerAfterBody(req: Request, res: Response, status: number, payload: unknown, limit = DISCARD_LIMIT_BYTES): void {
  res.status(status).set("Connection", "close");
  let discarded = 0;
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    req.off("data", discard);
    res.json(payload);
  };
  const discard = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded <= limit) return;
    // Past the bound: answered now; Node closes the socket once the answer is out, the rest unread.
    req.pause();
    answer();
  };
  req.on("data", discard);
  // The whole body has arrived, or the client went away.
  finished(req, answer);
  req.resume();
}
