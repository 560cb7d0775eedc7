import type { AdminLoop } from "@loop/rules/schemas/admin-loops";
import type { AdminUser } from "@loop/rules/schemas/admin-users";
import { apiJson } from "@/lib/api-client";

/**
 * The call that changes one setting of a user (admin, ban, withdrawals, sale hold):
 * `PUT /api/admin/users/:id/<setting>` (or PATCH) with the rest of the input as the body (the shared
 * schema's request) → the user as the Users tab lists it.
 */
export function userSettingCall<Body extends object>(setting: string, method: "PUT" | "PATCH" = "PUT") {
  return ({ userId, ...body }: Body & { userId: string }): Promise<AdminUser> =>
    apiJson<AdminUser>(method, `/api/admin/users/${encodeURIComponent(userId)}/${setting}`, body);
}

/** The same for a loop (visibility, moderation): `PUT /api/admin/loops/:id/<setting>` → the loop as the Loops tab lists it. */
export function loopSettingCall<Body extends object>(setting: string) {
  return ({ loopId, ...body }: Body & { loopId: string }): Promise<AdminLoop> =>
    apiJson<AdminLoop>("PUT", `/api/admin/loops/${encodeURIComponent(loopId)}/${setting}`, body);
}
