/**
 * The admin's loop list and moderation: GET /api/admin/loops?search= (title or creator),
 * PUT /api/admin/loops/:id/visibility {isPublic}, PUT /api/admin/loops/:id/moderation
 * {hidden, reason}. A hidden loop (status "hidden") leaves the catalog, search and profiles;
 * its buyers keep their downloads; restoring makes it "ready" again.
 */
import { z } from "zod";
import { checkRequiredReason, reasonText } from "./fields";
import { LOOP_STATUSES } from "./loops";

export const HIDE_REASON_MAX = 500;

export const ADMIN_LOOP_MESSAGES = {
  notFound: "Loop Not Found",
  invalidVisibility: "Invalid Request: isPublic must be true or false",
  invalidHidden: "Invalid Request: hidden must be true or false",
  reasonRequired: "Reason Required: Please say why the loop is hidden",
  reasonTooLong: `Reason must be at most ${HIDE_REASON_MAX} characters`,
  notReady: "Cannot Hide: Only a processed loop can be hidden",
  notHidden: "Cannot Restore: The loop is not hidden",
} as const;

export { LOOP_STATUSES as ADMIN_LOOP_STATUSES } from "./loops";

export const adminLoopSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  contentType: z.enum(["loop", "track"]),
  isPublic: z.boolean(),
  status: z.enum(LOOP_STATUSES),
  hiddenReason: z.string().nullable(),
  price: z.string().describe("USD, 2 decimals"),
  isFree: z.boolean(),
  downloadCount: z.number().int().nonnegative(),
  purchaseCount: z.number().int().nonnegative(),
  creator: z.object({
    id: z.string().uuid(),
    username: z.string(),
    firstName: z.string().nullable(),
    email: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type AdminLoop = z.infer<typeof adminLoopSchema>;

export const adminLoopListSchema = z.object({
  loops: z.array(adminLoopSchema),
  total: z.number().int().nonnegative(),
});
export type AdminLoopList = z.infer<typeof adminLoopListSchema>;

export const loopVisibilityRequestSchema = z.object({
  isPublic: z.boolean({ error: ADMIN_LOOP_MESSAGES.invalidVisibility }),
});
export type LoopVisibilityRequest = z.output<typeof loopVisibilityRequestSchema>;

/** Hiding needs a reason (the creator is told it); restoring does not. */
export const loopModerationRequestSchema = z
  .object({
    hidden: z.boolean({ error: ADMIN_LOOP_MESSAGES.invalidHidden }),
    reason: reasonText,
  })
  .superRefine((body, ctx) => {
    if (!body.hidden) return;
    checkRequiredReason(body.reason, ctx, {
      path: "reason",
      max: HIDE_REASON_MAX,
      required: ADMIN_LOOP_MESSAGES.reasonRequired,
      tooLong: ADMIN_LOOP_MESSAGES.reasonTooLong,
    });
  });
/** What a client sends. */
export type LoopModerationRequestInput = z.input<typeof loopModerationRequestSchema>;
/** What the API gets once the schema has parsed it. */
export type LoopModerationRequest = z.output<typeof loopModerationRequestSchema>;
