// Event handlers: `ponder.on("LoopMarketplace:Purchased", async ({ event, context }) => …)`.
// The contracts issue adds them with the contracts' ABIs (see ../../ponder.config.ts).
export {};
