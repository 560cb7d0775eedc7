// Path parameters shared by many operations.
import { z } from "zod";

/** `{id}`: the one path parameter of a route on one thing by its id (a loop, an entry, an offer, a notification…). */
export const idParams = z.object({ id: z.string() });
