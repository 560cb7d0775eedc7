import type { UserRecord } from "../features/users/user.view";

export interface AuthContext {
  sessionId: string;
  /** The session's user as loaded at the start of this request. */
  user: UserRecord;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by the session middleware on every request; null when signed out. */
      auth: AuthContext | null;
    }
  }
}
