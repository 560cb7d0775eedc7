/** The signed-in viewer of the loop tests ("viewer-1"), and GET /api/auth/user's answers: signed in as them, or signed out. */
import { json } from "./stub-api";
import { makeUser } from "./test-utils";

export const VIEWER = makeUser({ id: "viewer-1" });
export const signedIn = () => json(VIEWER);
export const signedOut = () => json({ message: "Unauthorized" }, 401);
