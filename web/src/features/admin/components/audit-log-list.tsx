import type { AdminAction, AuditEntry } from "@loop/rules/schemas/audit-log";
import { useState } from "react";
import { formatDateTime } from "@/lib/format";
import { ScrollTable } from "@/components/ui/table";
import { useAuditLog } from "../api/get-audit-log";
import { Pager } from "./pager";
import { QueryStates } from "./query-states";

export const AUDIT_PAGE_SIZE = 25;

export const ACTION_TEXT: Record<AdminAction, string> = {
  "user.admin_granted": "Granted admin status",
  "user.admin_revoked": "Removed admin status",
  "user.banned": "Banned a user",
  "user.unbanned": "Unbanned a user",
  "user.warned": "Warned a user",
  "user.sale_hold_changed": "Changed a seller's sale hold",
  "user.withdrawals_suspended": "Suspended a user's withdrawals",
  "user.withdrawals_restored": "Lifted a withdrawal suspension",
  "loop.visibility_changed": "Changed a loop's visibility",
  "loop.hidden": "Hid a loop",
  "loop.restored": "Restored a loop",
  "notification.sent": "Sent a notification",
  "notification.broadcast": "Notified all users",
  "settings.changed": "Changed the settings",
  "withdrawal.status_changed": "Changed a withdrawal's status",
  "token_order.fulfilled": "Fulfilled a token order",
  "token_order.rejected": "Rejected a token order",
  "vault.deposited": "Deposited to the vault",
  "settlement.discrepancy_resolved": "Resolved a settlement discrepancy",
};

/** A before/after state in one line: {"isBanned":false} → isBanned: false; only `keys` when given. */
export function stateText(state: unknown, keys?: ReadonlySet<string>): string {
  if (state === null || state === undefined) return "—";
  if (typeof state !== "object") return String(state);
  return Object.entries(state as Record<string, unknown>)
    .filter(([key]) => !keys || keys.has(key))
    .map(([key, value]) => `${key}: ${typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(", ");
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The fields whose value differs between two states (all of them when nothing, or not both, are records). */
export function changedKeys(before: unknown, after: unknown): ReadonlySet<string> | undefined {
  if (!isRecord(before) || !isRecord(after)) return undefined;
  const keys = new Set(
    [...Object.keys(before), ...Object.keys(after)].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])),
  );
  return keys.size > 0 ? keys : undefined;
}

/** Audit Log: who did what, to what, when, and the state before → after. */
export function AuditLogList() {
  const [offset, setOffset] = useState(0);
  const log = useAuditLog({ limit: AUDIT_PAGE_SIZE, offset });
  return (
    <QueryStates
      query={log}
      noun="audit log"
      skeletonClassName="h-60"
      empty="No admin actions yet."
      isEmpty={(data) => data.entries.length === 0}
    >
      {(data) => (
        <div className="grid gap-4">
          <ScrollTable
            caption="Audit log"
            className="w-full min-w-[48rem] text-left text-sm"
            columns={[
              { label: "When", className: "py-2 pr-3" },
              { label: "Who", className: "py-2 pr-3" },
              { label: "What", className: "py-2 pr-3" },
              { label: "Before → after", className: "py-2" },
            ]}
          >
            {data.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ScrollTable>
          <Pager offset={offset} limit={AUDIT_PAGE_SIZE} total={data.total} onOffsetChange={setOffset} noun="entries" />
        </div>
      )}
    </QueryStates>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changed = changedKeys(entry.before, entry.after);
  return (
    <tr className="border-b border-border/60 align-top last:border-0">
      <td className="py-2.5 pr-3 whitespace-nowrap text-muted-foreground">{formatDateTime(entry.createdAt)}</td>
      <td className="py-2.5 pr-3 font-medium">{entry.admin.username}</td>
      <td className="py-2.5 pr-3">
        {ACTION_TEXT[entry.action] ?? entry.action}
        {entry.targetId ? (
          <span className="block font-mono text-xs text-muted-foreground">
            {entry.targetType} {entry.targetId}
          </span>
        ) : null}
      </td>
      <td className="py-2.5 text-xs break-all">
        <span className="text-muted-foreground">{stateText(entry.before, changed)}</span>
        {" → "}
        <span>{stateText(entry.after, changed)}</span>
      </td>
    </tr>
  );
}
