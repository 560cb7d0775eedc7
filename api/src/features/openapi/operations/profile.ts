import { ownProfileSchema, publicProfileSchema, publicUserSchema, updateProfileSchema } from "@loop/rules/schemas/profile";
import { z } from "zod";
import { banned, bodyTooLarge, crossSiteOrBanned, failure, json, signInRequired } from "../responses";
import { defineFeature } from "../spec";

export const profileOperations = defineFeature({
  tag: "profile",
  description: "Profiles: the signed-in user's own, and every user's public one.",
  schemas: {
    OwnProfile: ownProfileSchema,
    UpdateProfileBody: updateProfileSchema,
    PublicProfile: publicProfileSchema,
    PublicUser: publicUserSchema,
  },
  operations: [
    {
      method: "get",
      path: "/api/profile",
      operationId: "getOwnProfile",
      summary: "The signed-in user's profile, with their LOOP totals",
      auth: "required",
      responses: { 200: json(ownProfileSchema, "The profile"), 401: signInRequired, 403: banned },
    },
    {
      method: "put",
      path: "/api/profile",
      operationId: "updateOwnProfile",
      summary: "Change the username, bio and profile image",
      description: "The username is stored in lower case. An empty (or missing) bio or image URL clears it.",
      auth: "required",
      body: updateProfileSchema,
      responses: {
        200: json(ownProfileSchema, "The updated profile"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Username is required.`, `Invalid Username: …`, `Invalid Bio: …`, `Invalid Profile Image URL: …`, or malformed JSON.",
        ),
        401: signInRequired,
        403: crossSiteOrBanned,
        409: failure(["USERNAME_TAKEN"], "`Username is already taken`; `fields.username` says so too."),
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/users/{userId}/profile",
      operationId: "getPublicProfile",
      summary: "A user's public profile and loops",
      description: "Others see the user's ready, public loops; the user themself sees all of their own, with their status.",
      auth: "optional",
      params: z.object({ userId: z.string() }),
      responses: {
        200: json(publicProfileSchema, "The profile"),
        403: banned,
        404: failure(["USER_NOT_FOUND"], "`User Not Found`"),
      },
    },
  ],
});
