import { describe, expect, it } from "vitest";
import { json, stubApi } from "./stub-api";

describe("stubApi", () => {
  it("answers by method and path, '/path' being GET, whatever the query; unknown calls get 404", async () => {
    stubApi({ "/api/loops": () => json({ list: true }), "POST /api/loops": () => json({ created: true }, 201) });
    expect(await (await fetch("/api/loops?limit=24")).json()).toEqual({ list: true });
    const created = await fetch("/api/loops", { method: "POST", body: "{}" });
    expect([created.status, await created.json()]).toEqual([201, { created: true }]);
    expect((await fetch("/api/loops", { method: "DELETE" })).status).toBe(404);
    expect((await fetch("/api/genres")).status).toBe(404);
  });

  it("prefers a route with the query, then the plain path, then a :name pattern; between equals the later key", async () => {
    stubApi({
      "/api/negotiations/:id": ({ params }) => json({ pattern: params.id }),
      "/api/negotiations?scope=sent": () => json("sent"),
      "/api/negotiations": () => json("first"),
      "GET /api/negotiations": () => json("any"),
    });
    expect(await (await fetch("/api/negotiations?scope=sent")).json()).toBe("sent");
    expect(await (await fetch("/api/negotiations?scope=received")).json()).toBe("any");
    expect(await (await fetch("/api/negotiations/n%201")).json()).toEqual({ pattern: "n 1" });
  });

  it("gives the handler the request and records every call: method, path, query, headers and the parsed body", async () => {
    const api = stubApi({ "PUT /api/items/:id": ({ params, body, headers }) => json({ params, body, key: headers["idempotency-key"] }) });
    const answer = await fetch("http://localhost:5173/api/items/7?x=1", {
      method: "put",
      headers: { "Idempotency-Key": "k-1" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(await answer.json()).toEqual({ params: { id: "7" }, body: { a: 1 }, key: "k-1" });
    await fetch("/api/other");
    expect(api.requests.map(({ method, path, url }) => `${method} ${path}${url.search}`)).toEqual([
      "PUT /api/items/7?x=1",
      "GET /api/other",
    ]);
    expect(api.calls("PUT /api/items/:id")).toHaveLength(1);
    expect(api.calls("PUT /api/items/7?x=2")).toEqual([]);
    expect(api.bodies("PUT /api/items/7")).toEqual([{ a: 1 }]);
    expect(api.fetch).toHaveBeenCalledTimes(2);
  });
});
