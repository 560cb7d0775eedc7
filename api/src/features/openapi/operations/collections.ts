import {
  addCollectionLoopSchema,
  collectionListQuerySchema,
  collectionListResponseSchema,
  collectionPageQuerySchema,
  collectionPageSchema,
  collectionSchema,
  createCollectionSchema,
  updateCollectionSchema,
} from "@loop/rules/schemas/collections";
import { z } from "zod";
import { banned, bodyTooLarge, crossSiteOrBanned, failure, invalidQuery, json, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

const notFound = failure(
  ["COLLECTION_NOT_FOUND"],
  "No such collection, or another member's private one, or (to change it) not the caller's (`Collection Not Found`).",
);

export const collectionsOperations = defineFeature({
  tag: "collections",
  description:
    "Collections (crates): a member's named lists of loops. A public one is readable by anyone with its link; a private one is 404 to all but its owner.",
  schemas: {
    Collection: collectionSchema,
    CollectionList: collectionListResponseSchema,
    CollectionPage: collectionPageSchema,
    CreateCollectionBody: createCollectionSchema,
    UpdateCollectionBody: updateCollectionSchema,
    AddCollectionLoopBody: addCollectionLoopSchema,
  },
  operations: [
    {
      method: "get",
      path: "/api/collections",
      operationId: "listCollections",
      summary: "The signed-in member's collections, or a member's public ones",
      description:
        "Without `userId`: the caller's own collections (401 signed out), the latest updated first; with `loopId` each says whether it holds that loop. " +
        "With `userId`: that member's public collections, for anyone.",
      auth: "optional",
      query: collectionListQuerySchema,
      responses: {
        200: json(collectionListResponseSchema, "The collections, the latest updated first"),
        400: invalidQuery("`Invalid userId.` or `Invalid Loop: …`."),
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "post",
      path: "/api/collections",
      operationId: "createCollection",
      summary: "Create a collection (private unless `isPublic`)",
      auth: "required",
      body: createCollectionSchema,
      responses: {
        201: json(collectionSchema, "The new collection"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Invalid Name: …`, `Invalid Description: …`, `Invalid Visibility: …`, or malformed JSON.",
        ),
        401: signInRequired,
        403: crossSiteOrBanned,
        409: failure(["COLLECTION_LIMIT_REACHED"], "`Collection Limit Reached: …`"),
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/collections/{id}",
      operationId: "getCollection",
      summary: "A collection and a page of its loops, the latest added first",
      description: "Loops the caller may not see (hidden, private or unfinished loops of others) are left out and not counted in `total`.",
      auth: "optional",
      params: idParams,
      query: collectionPageQuerySchema,
      responses: {
        200: json(collectionPageSchema, "The collection and its loops"),
        400: invalidQuery("`Invalid limit: …` or `Invalid offset: …`."),
        403: banned,
        404: notFound,
      },
    },
    {
      method: "patch",
      path: "/api/collections/{id}",
      operationId: "updateCollection",
      summary: "Rename, describe, or make a collection public or private (its owner only)",
      auth: "required",
      params: idParams,
      body: updateCollectionSchema,
      responses: {
        200: json(collectionSchema, "The collection"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Invalid Name: …`, `Invalid Description: …`, `Invalid Visibility: …`, `Nothing To Change: …`, or malformed JSON.",
        ),
        401: signInRequired,
        403: crossSiteOrBanned,
        404: notFound,
        413: bodyTooLarge,
      },
    },
    {
      method: "delete",
      path: "/api/collections/{id}",
      operationId: "deleteCollection",
      summary: "Delete a collection (its owner only); its loops are not touched",
      auth: "required",
      params: idParams,
      responses: {
        204: { description: "Deleted" },
        401: signInRequired,
        403: crossSiteOrBanned,
        404: notFound,
      },
    },
    {
      method: "post",
      path: "/api/collections/{id}/loops",
      operationId: "addCollectionLoop",
      summary: "Add a loop to a collection (its owner only)",
      description: "Idempotent: a loop already in it stays once. The loop must be one the owner may see.",
      auth: "required",
      params: idParams,
      body: addCollectionLoopSchema,
      responses: {
        200: json(collectionSchema, "The collection (`containsLoop: true`)"),
        400: failure(["VALIDATION_FAILED", "MALFORMED_JSON"], "`Invalid Loop: …`, or malformed JSON."),
        401: signInRequired,
        403: crossSiteOrBanned,
        404: failure(
          ["COLLECTION_NOT_FOUND", "LOOP_NOT_FOUND"],
          "`Collection Not Found` (none, or not the caller's), or `Loop Not Found` (no such loop, or not visible to the caller).",
        ),
        409: failure(["COLLECTION_FULL"], "`Collection Full: …`"),
        413: bodyTooLarge,
      },
    },
    {
      method: "delete",
      path: "/api/collections/{id}/loops/{loopId}",
      operationId: "removeCollectionLoop",
      summary: "Take a loop out of a collection (its owner only)",
      description: "Idempotent: a loop not in it changes nothing.",
      auth: "required",
      params: z.object({ id: z.string(), loopId: z.string() }),
      responses: {
        200: json(collectionSchema, "The collection (`containsLoop: false`)"),
        401: signInRequired,
        403: crossSiteOrBanned,
        404: notFound,
      },
    },
  ],
});
