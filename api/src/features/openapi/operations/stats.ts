import { leaderboardEntrySchema, publicStatsSchema } from "@loop/rules/schemas/api-responses";
import { banned, json } from "../responses";
import { defineFeature } from "../spec";

export const statsOperations = defineFeature({
  tag: "stats",
  description: "Public figures of the marketplace.",
  schemas: { PublicStats: publicStatsSchema, LeaderboardEntry: leaderboardEntrySchema },
  operations: [
    {
      method: "get",
      path: "/api/stats/public",
      operationId: "getPublicStats",
      summary: "Counts and the leaderboard for the landing page",
      description: "Real figures: zeros on an empty database.",
      auth: "optional",
      responses: { 200: json(publicStatsSchema, "The public figures"), 403: banned },
    },
  ],
});
