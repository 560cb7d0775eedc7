// Demo data for a fresh database, so that `pnpm dev` shows a living marketplace.
// It never touches a database that already has users or genres.
import type { PrismaClient } from "./prisma";

/** Any constant: it only keeps two concurrent seeders from both finding the database empty. */
const SEED_LOCK_KEY = 4_242_001;

export const DEMO_GENRES = [
  "Ambient",
  "Afrobeat",
  "Drum & Bass",
  "Dubstep",
  "Funk",
  "Hip Hop",
  "House",
  "Jazz",
  "Lo-Fi",
  "Pop",
  "R&B",
  "Reggaeton",
  "Rock",
  "Synthwave",
  "Techno",
  "Trap",
] as const;

export const DEMO_CREATORS = [
  {
    username: "maya_beats",
    firstName: "Maya",
    lastName: "Okafor",
    email: "maya@loop.local",
    bio: "Lo-fi and neo-soul producer from Lagos. Dusty drums, warm keys, and loops built for late-night sessions.",
  },
  {
    username: "dj_kovac",
    firstName: "Luka",
    lastName: "Kovac",
    email: "luka@loop.local",
    bio: "Techno and house DJ. Driving basslines and hypnotic percussion loops, tested on real dance floors.",
  },
  {
    username: "synthia",
    firstName: "Sofia",
    lastName: "Lindqvist",
    email: "sofia@loop.local",
    bio: "Analog synth nerd making synthwave and ambient textures. Every loop is played by hand, no presets.",
  },
] as const;

export interface SeedResult {
  seeded: boolean;
  genres: number;
  users: number;
}

export async function seed(prisma: PrismaClient, options: { adminEmail: string }): Promise<SeedResult> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
    const [users, genres] = await Promise.all([tx.user.count(), tx.genre.count()]);
    if (users > 0 || genres > 0) return { seeded: false, genres: 0, users: 0 };

    await tx.genre.createMany({ data: DEMO_GENRES.map((name) => ({ name })) });
    await tx.user.create({
      data: { username: "admin", email: options.adminEmail.toLowerCase(), firstName: "Admin", isAdmin: true },
    });
    await tx.user.createMany({ data: DEMO_CREATORS.map((creator) => ({ ...creator })) });
    return { seeded: true, genres: DEMO_GENRES.length, users: 1 + DEMO_CREATORS.length };
  });
}
