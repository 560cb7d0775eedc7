import { describe, expect, it } from "vitest";
import { paths } from "./paths";

describe("paths", () => {
  it("builds the pages' URLs", () => {
    expect([
      paths.root(),
      paths.home(),
      paths.tokens(),
      paths.settings(),
      paths.profile(),
      paths.level(),
      paths.negotiations(),
      paths.admin(),
    ]).toEqual(["/", "/home", "/tokens", "/settings", "/profile", "/level", "/negotiations", "/admin"]);
    expect(paths.userProfile("00000000-0000-4000-8000-000000000002")).toBe("/profile/00000000-0000-4000-8000-000000000002");
    expect(paths.userProfile("a/b c")).toBe("/profile/a%2Fb%20c");
    expect(paths.search()).toBe("/search");
    expect(paths.search("deep house & co")).toBe("/search?q=deep+house+%26+co");
    expect(paths.library()).toBe("/library");
    expect(paths.library("00000000-0000-4000-8000-000000000003")).toBe("/library?entry=00000000-0000-4000-8000-000000000003");
  });

  it("gives the router its patterns", () => {
    expect(paths.userProfile.pattern).toBe("/profile/:userId");
    expect(paths.emailConfirm.pattern).toBe("/profile/email/confirm");
    expect(paths.loginConfirm.pattern).toBe("/login/confirm");
    expect(paths.search.pattern).toBe("/search");
  });
});
