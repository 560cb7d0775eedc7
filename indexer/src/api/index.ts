// Ponder's HTTP API (required by Ponder 0.16). /health and /ready are built in.
import { Hono } from "hono";
import { db } from "ponder:api";
import schema from "ponder:schema";
import { client, graphql } from "ponder";

const app = new Hono();

app.use("/sql/*", client({ db, schema }));
app.use("/graphql", graphql({ db, schema }));

export default app;
