import { genreSchema } from "@loop/rules/schemas/api-responses";
import { z } from "zod";
import { banned, json } from "../responses";
import { defineFeature } from "../spec";

export const genresOperations = defineFeature({
  tag: "genres",
  description: "Music genres loops are filed under.",
  schemas: { Genre: genreSchema },
  operations: [
    {
      method: "get",
      path: "/api/genres",
      operationId: "listGenres",
      summary: "All genres, by name",
      auth: "optional",
      responses: { 200: json(z.array(genreSchema), "The genres, sorted by name"), 403: banned },
    },
  ],
});
