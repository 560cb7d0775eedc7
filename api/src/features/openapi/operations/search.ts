import { searchQuerySchema, searchResponseSchema } from "@loop/rules/schemas/search";
import { banned, invalidQuery, json } from "../responses";
import { defineFeature } from "../spec";

export const searchOperations = defineFeature({
  tag: "search",
  description: "The search box: users and loops, forgiving of prefixes and typos.",
  schemas: { SearchResponse: searchResponseSchema },
  operations: [
    {
      method: "get",
      path: "/api/search",
      operationId: "search",
      summary: "Users and loops matching a text",
      description:
        "A user matches on username, first or last name; a loop (ready, public, of a user who is not banned) on its title. " +
        "Containing the text, or a word close to it (trigram word similarity), matches. Best match first: exact, starts with the text, " +
        "a word starts with it, then by similarity. `limit` and `offset` apply to each list; the totals count every match.",
      auth: "optional",
      query: searchQuerySchema,
      responses: {
        200: json(searchResponseSchema, "Both lists and their totals"),
        400: invalidQuery("`Type at least 3 characters to search`, or an invalid `limit`/`offset`."),
        403: banned,
      },
    },
  ],
});
