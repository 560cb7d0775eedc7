// The key of signed download links: DOWNLOAD_SIGNING_SECRET, or else a random key generated on
// first use and kept in the database, so that links survive restarts and every API instance on the
// same database signs and checks them alike.
import { randomBytes } from "node:crypto";
import type { AppConfig } from "../../config";
import type { PrismaClient } from "../../db/prisma";

export const SECRET_NAME = "download-signing";

async function storedKey(prisma: PrismaClient): Promise<string> {
  // Of two instances starting at once, one inserts and both read the same key.
  await prisma.serverSecret.createMany({
    data: [{ name: SECRET_NAME, value: randomBytes(32).toString("base64url") }],
    skipDuplicates: true,
  });
  return (await prisma.serverSecret.findUniqueOrThrow({ where: { name: SECRET_NAME } })).value;
}

/** One getter per database client: the key is read once per process, whoever asks (routers, settlement). */
const getters = new WeakMap<PrismaClient, () => Promise<string>>();

/** Resolves the key once (the first download), then answers from memory. */
export function downloadSigningKey(prisma: PrismaClient, config: Pick<AppConfig, "downloadSigningSecret">): () => Promise<string> {
  if (config.downloadSigningSecret) {
    const key = Promise.resolve(config.downloadSigningSecret);
    return () => key;
  }
  let getter = getters.get(prisma);
  if (!getter) {
    let key: Promise<string> | null = null;
    getter = () => {
      key ??= storedKey(prisma).catch((error: unknown) => {
        key = null;
        throw error;
      });
      return key;
    };
    getters.set(prisma, getter);
  }
  return getter;
}
