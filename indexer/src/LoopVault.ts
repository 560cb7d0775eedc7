// LoopVault events: one row per event, the event's fields as they are.
import { ponder } from "ponder:registry";
import { deposited, feesWithdrawn, paidOut, reserveFunded } from "ponder:schema";
import { eventRow } from "./event-row";

ponder.on("LoopVault:Deposited", async ({ event, context }) => {
  await context.db.insert(deposited).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopVault:PaidOut", async ({ event, context }) => {
  await context.db.insert(paidOut).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopVault:ReserveFunded", async ({ event, context }) => {
  await context.db.insert(reserveFunded).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopVault:FeesWithdrawn", async ({ event, context }) => {
  await context.db.insert(feesWithdrawn).values({ ...eventRow(event, context), ...event.args });
});
