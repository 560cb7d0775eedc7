// A request whose one SQL statement reads its own session (POST /api/tokens/transfer:
// app.token_transfer_by_session), answered without the session middleware. What that middleware
// does around the session read is here, so the statement's caller does it the same way.
import type { PrismaClient } from "../../db/prisma";
import type { Logger } from "../../deps";
import { hashToken } from "../../http/tokens";
import { noteActiveMember } from "./active-members";
import { sessionTokenOf } from "./session-cookie";
import { LAST_SEEN_RESOLUTION_MS } from "./session.service";

/** What the statement reads the session by. */
export interface SessionForStatement {
  /** The SHA-256 of the cookie's token, as app.sessions keeps it. */
  tokenHash: string;
  /**
   * How recently the session must have been seen for the statement to take it: an older one has its
   * last_seen_at written by loadSession, so the statement leaves that request to the middleware.
   */
  seenWithinMs: number;
}

/** The session a Cookie header carries, for a statement to read; null without one. */
export function sessionForStatement(cookieHeader: string | undefined): SessionForStatement | null {
  const token = cookieHeader === undefined ? undefined : sessionTokenOf(cookieHeader);
  return token ? { tokenHash: hashToken(token), seenWithinMs: LAST_SEEN_RESOLUTION_MS } : null;
}

/** What the session middleware does for a member it signed in: counted active today. */
export function noteSignedInByStatement(prisma: PrismaClient, userId: string, logger: Logger): void {
  void noteActiveMember(prisma, userId, logger);
}
