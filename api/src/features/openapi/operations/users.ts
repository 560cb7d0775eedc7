import { USER_LOOKUP_MESSAGES, userLookupQuerySchema, userLookupResponseSchema } from "@loop/rules/schemas/users";
import { banned, invalidQuery, json, signInRequired } from "../responses";
import { defineFeature } from "../spec";

export const usersOperations = defineFeature({
  tag: "users",
  description: "Finding a member (issue 37): the Send dialog's typeahead.",
  operations: [
    {
      method: "get",
      path: "/api/users",
      operationId: "lookupUsers",
      summary: "Members by the start of their username, or by account id",
      description: "Case insensitive; an exact username first; at most 8; banned members and the caller are left out.",
      auth: "required",
      query: userLookupQuerySchema,
      responses: {
        200: json(userLookupResponseSchema, "The members found"),
        400: invalidQuery(`\`${USER_LOOKUP_MESSAGES.query}\``),
        401: signInRequired,
        403: banned,
      },
    },
  ],
});
