import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { USER_QUERY_KEY } from "./auth";
import { createQueryClient, isBannedError } from "./query-client";

const banned = () =>
  new ApiError(403, JSON.stringify({ message: "Your account has been banned. Reason: Spam", code: "ACCOUNT_BANNED" }), "Forbidden");

describe("a call refused for a ban", () => {
  it("is told from other refusals", () => {
    expect(isBannedError(banned())).toBe(true);
    expect(
      isBannedError(
        new ApiError(
          403,
          JSON.stringify({ message: "Access Denied: You need admin privileges to access this page.", code: "ADMIN_REQUIRED" }),
          "Forbidden",
        ),
      ),
    ).toBe(false);
    expect(isBannedError(new Error("Your account has been banned."))).toBe(false);
    // The text alone decides nothing: only the code does.
    expect(isBannedError(new ApiError(403, JSON.stringify({ message: "Your account has been banned. Reason: Spam" }), "Forbidden"))).toBe(
      false,
    );
  });

  it("makes the signed-in user stale, from a failed mutation or query, so the page learns of the ban", async () => {
    const client = createQueryClient();
    client.setQueryData(USER_QUERY_KEY, { id: "u1", isBanned: false });
    await expect(
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(banned()) })
        .execute(undefined),
    ).rejects.toThrow();
    expect(client.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(true);

    client.setQueryData(USER_QUERY_KEY, { id: "u1", isBanned: false });
    await expect(
      client.fetchQuery({ queryKey: ["/api/notifications"], queryFn: () => Promise.reject(new ApiError(404, "", "Not Found")) }),
    ).rejects.toThrow();
    expect(client.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(false);
    await expect(client.fetchQuery({ queryKey: ["/api/tokens/balance"], queryFn: () => Promise.reject(banned()) })).rejects.toThrow();
    expect(client.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(true);
  });
});
