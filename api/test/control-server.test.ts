// The benches' bare control (api/bench/control-server.ts, issue 39) runs the API's own statements:
// its catalog and search answers are the API's, byte for byte, and its ledger_post is a balanced entry.
// A change to how the API reads these that the control does not follow would make the benches'
// ratios compare different work; this fails then.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControlServer, type ControlServer } from "../bench/control-server";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { createListedLoop, insertLoopRow } from "./support/listed-loop";
import { fundMember, signInMember } from "./support/members";
import { suiteApp } from "./support/suite-app";
import type { TestApp } from "./support/test-app";

describe("the benches' bare control", () => {
  let t: TestApp;
  let control: ControlServer;
  suiteApp((app) => (t = app));
  beforeAll(async () => {
    control = await startControlServer(t.db.url);
  });
  afterAll(() => control.close());

  const fromControl = async (urlPath: string, init?: RequestInit) => {
    const answer = await fetch(`http://127.0.0.1:${control.port}${urlPath}`, init);
    return { status: answer.status, text: await answer.text() };
  };

  it("answers GET /api/loops and GET /api/search with the API's very bodies", async () => {
    const creator = await signInMember(t, "control_creator");
    await createListedLoop(t.db.prisma, creator.id, "Velvet Groove", 499);
    await insertLoopRow(t.db.prisma, { userId: creator.id, title: "Midnight Drums", priceCents: 0, isFree: true, bpm: 92 });
    await insertLoopRow(t.db.prisma, { userId: creator.id, title: "Private sketch", priceCents: 0, isPublic: false });
    for (const urlPath of [
      "/api/loops?sortBy=recent&limit=24",
      "/api/loops?sortBy=popular&limit=1",
      "/api/loops?isFree=true&sortBy=price_asc&limit=24",
      "/api/loops?bpmMin=90&bpmMax=100&sortBy=rating&limit=24",
      "/api/loops?search=groove&sortBy=recent&limit=24",
      "/api/search?q=velvet&limit=10",
      "/api/search?q=control_cr&limit=10",
    ]) {
      const ours = await request(t.app).get(urlPath).expect(200);
      const bare = await fromControl(urlPath);
      expect(bare.status, urlPath).toBe(200);
      expect(bare.text, urlPath).toBe(ours.text);
    }
    // The control found what a visitor finds: the two listed loops, not the private one.
    const page = JSON.parse((await fromControl("/api/loops?sortBy=recent&limit=24")).text) as { loops: { title: string }[] };
    expect(page.loops.map((loop) => loop.title).sort()).toEqual(["Midnight Drums", "Velvet Groove"]);
  });

  it("posts one balanced ledger entry per request between two members", async () => {
    const [a, b] = [await signInMember(t, "control_a"), await signInMember(t, "control_b")];
    await fundMember(t, a.id, "10");
    const entries = await t.db.prisma.ledgerEntry.count();
    const posted = await fromControl("/control/ledger-post", {
      method: "POST",
      body: JSON.stringify({ from: a.id, to: b.id, units: "100000000" }),
    });
    expect(posted.status).toBe(201);
    expect(await t.db.prisma.ledgerEntry.count()).toBe(entries + 1);
    expect(await checkLedger(t.db.prisma)).toEqual([]);
  });
});
