/**
 * Collections ("crates", issue 24): a member's named lists of loops, private or public. A public
 * one is shared by its link (/collections/:id); a private one is 404 to everyone but its owner.
 */
import { z } from "zod";
import { checkedPageQuery, requiredText } from "./fields";
import { publicLoopSchema } from "./loops";

export const MAX_COLLECTION_NAME = 80;
export const MAX_COLLECTION_DESCRIPTION = 500;
/** Per member, and loops per collection: enough for any crate, small enough to page cheaply. */
export const MAX_COLLECTIONS_PER_MEMBER = 200;
export const MAX_LOOPS_PER_COLLECTION = 500;
export const COLLECTION_PAGE_DEFAULT_LIMIT = 24;
export const COLLECTION_PAGE_MAX_LIMIT = 100;

export const COLLECTION_MESSAGES = {
  notFound: "Collection Not Found",
  name: `Invalid Name: Give the collection a name of 1 to ${MAX_COLLECTION_NAME} characters.`,
  description: `Invalid Description: At most ${MAX_COLLECTION_DESCRIPTION} characters.`,
  isPublic: "Invalid Visibility: isPublic must be true or false.",
  loopId: "Invalid Loop: loopId must be a loop's id.",
  tooManyCollections: `Collection Limit Reached: You can have up to ${MAX_COLLECTIONS_PER_MEMBER} collections.`,
  tooManyLoops: `Collection Full: A collection holds up to ${MAX_LOOPS_PER_COLLECTION} loops.`,
  nothingToChange: "Nothing To Change: Send a name, a description or isPublic.",
} as const;

const name = requiredText(MAX_COLLECTION_NAME, COLLECTION_MESSAGES.name);
const description = z
  .string({ error: COLLECTION_MESSAGES.description })
  .trim()
  .max(MAX_COLLECTION_DESCRIPTION, COLLECTION_MESSAGES.description);
const isPublic = z.boolean({ error: COLLECTION_MESSAGES.isPublic });

/** POST /api/collections. New collections are private unless isPublic is true. */
export const createCollectionSchema = z.object({
  name,
  description: description.default(""),
  isPublic: isPublic.default(false),
});
export type CreateCollection = z.output<typeof createCollectionSchema>;

/** PATCH /api/collections/:id: any of the fields, at least one. */
export const updateCollectionSchema = z
  .object({ name: name.optional(), description: description.optional(), isPublic: isPublic.optional() })
  .refine(
    (body) => body.name !== undefined || body.description !== undefined || body.isPublic !== undefined,
    COLLECTION_MESSAGES.nothingToChange,
  );
export type UpdateCollection = z.output<typeof updateCollectionSchema>;

/** POST /api/collections/:id/loops. */
export const addCollectionLoopSchema = z.object({ loopId: z.uuid({ error: COLLECTION_MESSAGES.loopId }) });
export type AddCollectionLoop = z.output<typeof addCollectionLoopSchema>;

/** GET /api/collections: the signed-in member's own (all), or `userId`'s public ones (anyone). */
export const collectionListQuerySchema = z.object({
  userId: z.uuid({ error: "Invalid userId." }).optional().describe("List this member's public collections instead of your own"),
  loopId: z
    .uuid({ error: COLLECTION_MESSAGES.loopId })
    .optional()
    .describe("Your own collections only: each says whether it holds this loop (`containsLoop`)"),
});
export type CollectionListQuery = z.output<typeof collectionListQuerySchema>;

/** GET /api/collections/:id: the collection's loops, the latest added first. */
export const collectionPageQuerySchema = z.object(
  checkedPageQuery(COLLECTION_PAGE_MAX_LIMIT, COLLECTION_PAGE_DEFAULT_LIMIT, MAX_LOOPS_PER_COLLECTION),
);
export type CollectionPageQuery = z.output<typeof collectionPageQuerySchema>;

export const collectionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  loopCount: z.number().int().nonnegative().describe("Loops added to it (counted on write); its page lists only those the viewer may see"),
  owner: z.object({ id: z.uuid(), username: z.string(), firstName: z.string().nullable() }),
  isOwn: z.boolean().describe("The viewer owns it (may edit it)"),
  containsLoop: z.boolean().nullable().describe("With ?loopId=: the collection holds that loop; null otherwise"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

export const collectionListResponseSchema = z.object({ collections: z.array(collectionSchema) });
export type CollectionListResponse = z.infer<typeof collectionListResponseSchema>;

/** The collection and one page of its loops (hidden or private loops of others are left out). */
export const collectionPageSchema = z.object({
  collection: collectionSchema,
  loops: z.array(publicLoopSchema),
  total: z.number().int().nonnegative(),
});
export type CollectionPage = z.infer<typeof collectionPageSchema>;
