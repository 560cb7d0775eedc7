/**
 * The ban message (zod-free, so the web's first page can recognise a ban without loading the
 * validation schemas; schemas/admin-users.ts re-exports it for the API).
 */

/** What every call of a banned account but GET /api/auth/user answers (403); the page knows it by this start. */
export const BANNED_MESSAGE_START = "Your account has been banned.";
export const bannedMessage = (reason: string | null) => `${BANNED_MESSAGE_START} Reason: ${reason ?? "not given"}`;
