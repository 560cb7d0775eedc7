import { levelRewardListSchema, levelRewardSchema, userLevelSchema } from "@loop/rules/schemas/levels";
import { banned, json, signInRequired } from "../responses";
import { defineFeature } from "../spec";

export const levelsOperations = defineFeature({
  tag: "levels",
  description:
    "Levels and XP (one table for every screen): XP from paid purchases and sales and from offers, recorded once per action; " +
    "reaching a level pays its reward into the in-app LOOP balance once (100 LOOP for levels 2–10, 200 for 11–20, 300 for 21–30, 500 from 31).",
  schemas: { UserLevel: userLevelSchema, LevelReward: levelRewardSchema },
  operations: [
    {
      method: "get",
      path: "/api/user/level",
      operationId: "getUserLevel",
      summary: "The caller's level, title, progress to the next level and LOOP totals",
      description:
        "`nextLevelRequirement` is the XP needed to go from this level to the next; `totalEarned` is LOOP credited from sales, `totalSpent` LOOP paid for purchases.",
      auth: "required",
      responses: { 200: json(userLevelSchema, "The level"), 401: signInRequired, 403: banned },
    },
    {
      method: "get",
      path: "/api/user/level-rewards",
      operationId: "listLevelRewards",
      summary: "The caller's level rewards, newest first",
      description:
        "One per level reached (from level 2), each paid once into the in-app balance; the Transfer History lists them as `reward`.",
      auth: "required",
      responses: { 200: json(levelRewardListSchema, "Newest first (at most 100)"), 401: signInRequired, 403: banned },
    },
  ],
});
