// The exchange's LOOP pair (Uniswap V2 / PancakeSwap V2): one row per Swap and Sync, the event's fields as they are.
import { ponder } from "ponder:registry";
import { pairSwap, pairSync } from "ponder:schema";
import { eventRow } from "./event-row";

ponder.on("LoopPair:Swap", async ({ event, context }) => {
  await context.db.insert(pairSwap).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopPair:Sync", async ({ event, context }) => {
  await context.db.insert(pairSync).values({ ...eventRow(event, context), ...event.args });
});
