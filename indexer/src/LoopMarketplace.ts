// LoopMarketplace events: one row per event, the event's fields as they are.
import { ponder } from "ponder:registry";
import { offerChanged, offerOpened, offerReclaimed, offerSettled, purchased, refunded, released } from "ponder:schema";
import { eventRow } from "./event-row";

ponder.on("LoopMarketplace:Purchased", async ({ event, context }) => {
  await context.db.insert(purchased).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopMarketplace:Released", async ({ event, context }) => {
  await context.db.insert(released).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopMarketplace:Refunded", async ({ event, context }) => {
  await context.db.insert(refunded).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopMarketplace:OfferOpened", async ({ event, context }) => {
  await context.db.insert(offerOpened).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopMarketplace:OfferChanged", async ({ event, context }) => {
  await context.db.insert(offerChanged).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopMarketplace:OfferSettled", async ({ event, context }) => {
  await context.db.insert(offerSettled).values({ ...eventRow(event, context), ...event.args });
});

ponder.on("LoopMarketplace:OfferReclaimed", async ({ event, context }) => {
  await context.db.insert(offerReclaimed).values({ ...eventRow(event, context), ...event.args });
});
