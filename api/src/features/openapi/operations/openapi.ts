import { z } from "zod";
import { json } from "../responses";
import { defineFeature } from "../spec";

export const openApiOperations = defineFeature({
  tag: "openapi",
  description: "This document.",
  operations: [
    {
      method: "get",
      path: "/api/openapi.json",
      operationId: "getOpenApiDocument",
      summary: "The OpenAPI 3.1 document of the API",
      auth: "none",
      responses: {
        200: json(z.object({ openapi: z.string() }).loose(), "The OpenAPI document"),
      },
    },
  ],
});
