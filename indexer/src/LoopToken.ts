// LoopToken events: one row per transfer (mints have from = 0x0).
import { ponder } from "ponder:registry";
import { tokenTransfer } from "ponder:schema";
import { eventRow } from "./event-row";

ponder.on("LoopToken:Transfer", async ({ event, context }) => {
  await context.db.insert(tokenTransfer).values({ ...eventRow(event, context), ...event.args });
});
