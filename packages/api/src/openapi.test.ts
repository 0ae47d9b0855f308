import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { BATTLE_PROTOCOL_TEXT, verifyBattle, type BattleProof } from "@prizepacks/core";
import { descriptionTemplate } from "./openapi/description.ts";
import { buildOpenApiDocument } from "./openapi/index.ts";
import { exampleSeeds, openResultExample, settledBattleExample, successExamples } from "./openapi/examples.ts";

type Json = Record<string, any>;

const DOCUMENT_ID = "https://prizepacks.test/api/openapi.json";
const document = buildOpenApiDocument({ baseUrl: "https://prizepacks.test" });

/** The document's JSON Schemas (OpenAPI 3.1 = JSON Schema 2020-12), with refs into its components. */
function schemaValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  const absolute = (text: string) => JSON.parse(text.replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)) as Json;
  // One compilation per distinct schema: the event union alone illustrates every event type.
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema: Json, value: unknown) => {
    const text = JSON.stringify(schema);
    let validate = compiled.get(text);
    if (!validate) compiled.set(text, (validate = ajv.compile(absolute(text))));
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}

interface Example {
  where: string;
  schema: Json;
  value: unknown;
}

/** Every example of the document, with the schema it illustrates. */
function examplesOf(doc: Json): Example[] {
  const found: Example[] = [];
  const fromMedia = (where: string, media: Json) => {
    if (media.example !== undefined) found.push({ where, schema: media.schema, value: media.example });
    for (const [name, example] of Object.entries<Json>(media.examples ?? {}))
      found.push({ where: `${where} (${name})`, schema: media.schema, value: example.value });
  };
  const operations = [
    ...Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
      Object.entries<Json>(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
    ),
    ...Object.entries<Json>(doc.webhooks).flatMap(([name, item]) =>
      Object.entries<Json>(item).map(([, op]) => [`webhook ${name}`, op] as const),
    ),
  ];
  for (const [where, op] of operations) {
    for (const parameter of op.parameters ?? [])
      if (parameter.example !== undefined)
        found.push({ where: `${where} ${parameter.name}`, schema: parameter.schema, value: parameter.example });
    for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {})) fromMedia(`${where} body ${type}`, media);
    for (const [status, response] of Object.entries<Json>(op.responses)) {
      for (const [type, media] of Object.entries<Json>(response.content ?? {})) fromMedia(`${where} ${status} ${type}`, media);
      for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
        if (header.example !== undefined) found.push({ where: `${where} ${status} ${name}`, schema: header.schema, value: header.example });
      }
    }
  }
  return found;
}

describe("the OpenAPI document", () => {
  it("shows a settled battle that verifyBattle accepts from its published proof alone", async () => {
    const proof = settledBattleExample as unknown as BattleProof;
    const verification = await verifyBattle(
      proof,
      settledBattleExample.rounds.map((round) => round.odds),
    );
    expect(verification.problems).toEqual([]);
  });

  it("describes itself with description.md as written (description.ts is generated from it)", () => {
    const markdown = readFileSync(new URL("openapi/description.md", import.meta.url), "utf8").replace(/\n$/, "");
    expect(descriptionTemplate, "run node packages/api/scripts/write-openapi-description.mjs").toBe(markdown);
    expect(document.info.description).not.toMatch(/\{\{\w+\}\}/);
  });

  it("publishes battle/v1 word for word, as the README does", () => {
    expect(document.info.description).toContain(`## Battles (battle/v1)\n${BATTLE_PROTOCOL_TEXT}`);
  });

  it("has an example on every operation's success and every error response", () => {
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        for (const [status, response] of Object.entries<Json>(op.responses)) {
          if (status === "304") {
            // A conditional read's Not Modified has no body, only its validator.
            expect(response.content, `${method} ${path} 304`).toBeUndefined();
            expect(Object.keys(response.headers), `${method} ${path} 304`).toContain("ETag");
            continue;
          }
          const media = Object.values<Json>(response.content ?? {});
          expect(media.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          for (const m of media) expect(m.example ?? m.examples, `${method} ${path} ${status}`).toBeDefined();
        }
        // A success (200, or 201 for what it creates: POST /v1/deposits) and the server's errors.
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["500", "503"]));
        expect(
          Object.keys(op.responses).filter((status) => status === "200" || status === "201"),
          `${method} ${path}`,
        ).toHaveLength(1);
      }
    }
  });

  it("validates each example against its own schema", () => {
    const validate = schemaValidator();
    const examples = examplesOf(document);
    expect(examples.length).toBeGreaterThan(100);
    const failures = examples.flatMap(({ where, schema, value }) => validate(schema, value).map((problem) => `${where}: ${problem}`));
    expect(failures).toEqual([]);
  });

  it("rejects what the schemas forbid (the validator is not blind)", () => {
    const validate = schemaValidator();
    const open = document.paths["/v1/packs/{idOrSlug}/open"].post.responses["200"].content["application/json"].schema;
    expect(validate(open, openResultExample)).toEqual([]);
    expect(validate(open, { ...openResultExample, balanceAfter: "95.01" })).not.toEqual([]);
    expect(validate(open, { ...openResultExample, item: { ...openResultExample.item, rarity: "SHINY" } })).not.toEqual([]);
    expect(validate(open, { ...openResultExample, spin: { ...openResultExample.spin, result: 100_001 } })).not.toEqual([]);
  });

  it("shows a draw that the documented recipe reproduces", () => {
    const { serverSeed, serverSeedHash, clientSeed } = exampleSeeds;
    expect(createHash("sha256").update(serverSeed).digest("hex")).toBe(serverSeedHash);
    const { fairness, spin, item } = openResultExample;
    const hash = createHmac("sha256", serverSeed).update(`${clientSeed}:${fairness.nonce}`).digest("hex");
    expect(hash).toBe(fairness.hash);
    const result = Math.floor((parseInt(hash.slice(0, 13), 16) / 2 ** 52) * 100_000) + 1;
    expect(result).toBe(spin.result);
    const pack = successExamples["packs.get"]!;
    expect(pack.items.find((i) => result >= i.ticketFrom && result <= i.ticketTo)?.id).toBe(item.id);
    const canonical = JSON.stringify(pack.items.map((i) => [i.id, i.ticketFrom, i.ticketTo]));
    expect(createHash("sha256").update(canonical).digest("hex")).toBe(pack.oddsHash);
  });

  it("declares no ±2^53 bounds, optional bodies as optional, and the streams and webhooks", () => {
    expect(JSON.stringify(document)).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(document.paths["/v1/fairness/rotate"].post.requestBody.required).toBe(false);
    expect(document.paths["/v1/packs/{idOrSlug}/open"].post.requestBody.required).toBe(false);
    expect(document.paths["/v1/inventory/sell"].post.requestBody.required).toBe(true);
    expect(document.paths["/v1/events"].get.responses["200"].content["text/event-stream"]).toBeDefined();
    expect(document.paths["/v1/drops"].get.security).toEqual([]);
    expect(Object.keys(document.paths["/v1/deposits"].post.responses)).toContain("201");
    expect(Object.keys(document.webhooks)).toEqual([
      "open.completed",
      "item.sold",
      "wallet.changed",
      "seed.rotated",
      "key.revoked",
      "deposit.settled",
      "withdrawal.requested",
      "withdrawal.approved",
      "withdrawal.completed",
      "withdrawal.rejected",
      "withdrawal.failed",
      "shipment.requested",
      "shipment.approved",
      "shipment.shipped",
      "shipment.delivered",
      "shipment.rejected",
      "shipment.cancelled",
      "shipment.returned",
      "battle.joined",
      "battle.locked",
      "battle.settled",
      "battle.cancelled",
      "verification.changed",
      "upgrade.completed",
      "exchange.completed",
      "level.reached",
      "reward.claimed",
    ]);
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith("error."))).toEqual([]);
    expect(document.servers).toEqual([{ url: "https://prizepacks.test" }]);
  });
});
