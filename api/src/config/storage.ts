// STORAGE_DRIVER: the local disk (FILES_DIR) or an S3 bucket.
import { ConfigError, booleanValue, url, value, type Env } from "./env";

/** Where uploaded audio and its artefacts are kept (STORAGE_DRIVER). */
export type StorageConfig =
  | { driver: "local"; filesDir: string }
  | {
      driver: "s3";
      /** S3_ENDPOINT; null: AWS S3 itself. */
      endpoint: URL | null;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      sessionToken: string | null;
      forcePathStyle: boolean;
    };

/** Bucket names as S3 accepts them (3–63 of a-z 0-9 . -, a letter or digit at both ends). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function storageFrom(env: Env, filesDir: string): StorageConfig {
  const driver = value(env, "STORAGE_DRIVER");
  const bucket = value(env, "S3_BUCKET");
  if (driver === undefined && bucket) {
    throw new ConfigError(
      "S3_BUCKET is set but STORAGE_DRIVER is not: set STORAGE_DRIVER=s3 to keep files in S3 (or STORAGE_DRIVER=local for the local disk)",
    );
  }
  if (driver === undefined || driver === "local") return { driver: "local", filesDir };
  if (driver !== "s3") throw new ConfigError(`STORAGE_DRIVER must be "local" or "s3", got "${driver}"`);

  const missing = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => !value(env, name));
  if (missing.length) throw new ConfigError(`STORAGE_DRIVER=s3 needs ${missing.join(", ")}`);
  if (!BUCKET_NAME.test(bucket!) || bucket!.includes("..")) {
    throw new ConfigError(`S3_BUCKET must be a bucket name (3-63 characters: a-z, 0-9, "." and "-"), got "${bucket}"`);
  }
  const endpointRaw = value(env, "S3_ENDPOINT");
  const endpoint = endpointRaw ? url("S3_ENDPOINT", endpointRaw) : null;
  if (endpoint && (endpoint.pathname !== "/" || endpoint.search || endpoint.hash || endpoint.username)) {
    throw new ConfigError(`S3_ENDPOINT must be an origin such as https://s3.example.com, without a path, got "${endpointRaw}"`);
  }
  const region = value(env, "S3_REGION") ?? "us-east-1";
  if (!/^[a-z0-9-]+$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as us-east-1 (or auto), got "${region}"`);
  return {
    driver: "s3",
    endpoint: endpoint ? new URL(endpoint.origin) : null,
    region,
    bucket: bucket!,
    accessKeyId: value(env, "S3_ACCESS_KEY_ID")!,
    secretAccessKey: value(env, "S3_SECRET_ACCESS_KEY")!,
    sessionToken: value(env, "S3_SESSION_TOKEN") ?? null,
    // Servers of one's own (MinIO...) rarely have a DNS name per bucket; AWS prefers bucket.s3.<region>.
    forcePathStyle: booleanValue(env, "S3_FORCE_PATH_STYLE", endpoint !== null),
  };
}
