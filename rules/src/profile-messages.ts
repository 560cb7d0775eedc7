/** Zod-free: a public profile page shows these and loads no schema (schemas/profile.ts names them too). */

export const USERNAME = /^[a-z0-9_]{3,30}$/;
export const MAX_BIO = 500;

export const PROFILE_MESSAGES = {
  usernameRequired: "Username is required.",
  username: "Invalid Username: use 3 to 30 characters: lower-case letters, digits and _.",
  usernameTaken: "Username is already taken",
  bio: `Invalid Bio: at most ${MAX_BIO} characters.`,
  profileImageUrl: "Invalid Profile Image URL: use an http(s) address, or leave it empty.",
  userNotFound: "User Not Found",
} as const;
