import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBattle } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import { createTestPack, createTestUser } from "@prizepacks/core/testing/fixtures";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createContext } from "./context.ts";
import { buildOpenApiDocument } from "./openapi/index.ts";
import { startRestServer, type RestServer } from "./testing/rest-server.ts";
import { createCaller } from "./root.ts";

// A REST body is JSON and is parsed exactly as tRPC parses it: a string is never a boolean or a
// number. Only path and query parameters are text, and there only a well-formed number and
// exactly true or false are read as one. The operations and their typed fields come from the
// OpenAPI document, so a new one is covered here without editing this file.

type Services = Awaited<ReturnType<typeof openServices>>;
let services: Services;
let app: RestServer | undefined;
let appUrl: string;
let packSlug: string;

beforeAll(async () => {
  services = await openServices(await openTestDatabase());
  app = await startRestServer(services);
  appUrl = app.url;
  packSlug = (await createTestPack(services, { price: "3.00" })).slug;
});
afterAll(async () => {
  await app?.close();
  await services?.database.close();
});

const db = () => services.database.prisma;

async function rest(apiKey: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { message?: string; issues?: Array<{ path: unknown[] }> } };
}

type Json = Record<string, any>;
type ScalarType = "boolean" | "number" | "integer";

const document = buildOpenApiDocument({ baseUrl: "http://localhost/v1" });
const resolve = (schema: Json | undefined): Json | undefined =>
  schema?.$ref ? (document.components.schemas as Json)[String(schema.$ref).split("/").pop()!] : schema;

/** The boolean or number type a schema allows (`type`, a list of types, or an anyOf of them), if any. */
function scalarType(schema: Json | undefined): ScalarType | undefined {
  const resolved = resolve(schema);
  if (!resolved) return undefined;
  const types: unknown[] = [
    ...[resolved.type].flat(),
    ...((resolved.anyOf ?? resolved.oneOf ?? []) as Json[]).flatMap((option) => [resolve(option)?.type].flat()),
  ];
  return (["boolean", "integer", "number"] as const).find((type) => types.includes(type));
}

interface Operation {
  method: string;
  /** The document's template, /v1/battles/{id}/join. */
  path: string;
  body?: Json;
  parameters: Json[];
}

const operations: Operation[] = Object.entries(document.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    body: resolve((operation as Json).requestBody?.content?.["application/json"]?.schema),
    parameters: ((operation as Json).parameters ?? []) as Json[],
  })),
);

/** Every boolean or number field of every body, nested objects included. */
function typedBodyFields(): Array<{ operation: Operation; field: string[]; type: ScalarType }> {
  const fields: Array<{ operation: Operation; field: string[]; type: ScalarType }> = [];
  const walk = (operation: Operation, schema: Json | undefined, at: string[]) => {
    for (const [name, property] of Object.entries((resolve(schema)?.properties ?? {}) as Json)) {
      const type = scalarType(property as Json);
      if (type) fields.push({ operation, field: [...at, name], type });
      else if (resolve(property as Json)?.type === "object") walk(operation, property as Json, [...at, name]);
    }
  };
  for (const operation of operations) walk(operation, operation.body, []);
  return fields;
}

/** A string spelling a valid value, a JSON value of another type, and the empty string: each 400. */
const wrongValues: Record<ScalarType, unknown[]> = {
  boolean: ["false", "true", 0, 1, ""],
  integer: ["1", true, ""],
  number: ["1", true, ""],
};

/**
 * A request that succeeds, changing something, when the field holds a valid value: bodies and
 * path parameters the operations need. An operation not named here gets the required fields'
 * examples (or first allowed value) and a made-up id; its 400 still has to name the field.
 */
const scenes: Record<string, (player: { userId: string }) => Promise<{ path?: Record<string, string>; body: Json }>> = {
  "POST /v1/battles": async () => ({ body: { packs: [packSlug, packSlug], layout: "1v1", winRule: "highest" } }),
  "POST /v1/battles/{id}/join": async () => {
    const host = await createTestUser(services, { balance: "20.00" });
    const battle = await createBattle(services, host.userId, { packs: [packSlug], layout: "1v1v1", winRule: "highest" });
    return { path: { id: battle.id }, body: {} };
  },
};

async function sceneFor(operation: Operation, player: { userId: string }) {
  const scene = scenes[`${operation.method} ${operation.path}`];
  if (scene) return scene(player);
  const body: Json = {};
  for (const name of (operation.body?.required ?? []) as string[]) {
    const property = resolve((operation.body!.properties as Json)[name] as Json)!;
    body[name] = property.example ?? property.enum?.[0] ?? property.default;
  }
  return { body };
}

function pathOf(template: string, values: Record<string, string> = {}) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? "00000000-0000-4000-8000-000000000000"));
}

function setAt(body: Json, field: string[], value: unknown): Json {
  const [head, ...rest] = field;
  return { ...body, [head!]: rest.length ? setAt((body[head!] ?? {}) as Json, rest, value) : value };
}

/** What a request could change for the player: money, the events every change records, battle seats. */
async function footprint(userId: string) {
  const [wallet, ledgerEntries, events, seats] = await Promise.all([
    db().wallet.findUniqueOrThrow({ where: { userId } }),
    db().ledgerEntry.count({ where: { userId } }),
    db().accountEvent.count({ where: { userId } }),
    db().battleSeat.count({ where: { userId } }),
  ]);
  return { balance: wallet.balance.toFixed(2), ledgerEntries, events, seats };
}

describe("REST bodies are JSON, typed as sent", () => {
  const fields = typedBodyFields();

  it("the document has typed body fields to walk (the battles' terminal and seat at least)", () => {
    const named = fields.map(({ operation, field }) => `${operation.method} ${operation.path} ${field.join(".")}`);
    expect(named).toEqual(expect.arrayContaining(["POST /v1/battles terminal", "POST /v1/battles/{id}/join seat"]));
  });

  it.each(fields.map((entry) => [`${entry.operation.method} ${entry.operation.path} ${entry.field.join(".")}`, entry] as const))(
    "%s: a string, another type or an empty string is a 400 naming the field, and nothing changes",
    async (_, { operation, field, type }) => {
      const player = await createTestUser(services, { balance: "50.00" });
      const { path, body } = await sceneFor(operation, player);
      const before = await footprint(player.userId);
      for (const value of wrongValues[type]) {
        const response = await rest(player.apiKey, operation.method, pathOf(operation.path, path), setAt(body, field, value));
        expect({ value, status: response.status }).toEqual({ value, status: 400 });
        expect(response.body.message).toEqual(expect.any(String));
        expect(response.body.issues?.map((issue) => issue.path.join("."))).toContain(field.join("."));
      }
      expect(await footprint(player.userId)).toEqual(before);
    },
  );

  it("POST /v1/battles: terminal as JSON true or false is taken as sent", async () => {
    const player = await createTestUser(services, { balance: "50.00" });
    for (const terminal of [false, true]) {
      const created = await rest(player.apiKey, "POST", "/v1/battles", { packs: [packSlug], layout: "1v1", winRule: "highest", terminal });
      expect(created).toMatchObject({ status: 200, body: { terminal } });
    }
  });

  // The schema objects are shared: the procedure's, tRPC's and the domain function's own check.
  it("tRPC still refuses a string for a boolean after REST has served the same procedure", async () => {
    const player = await createTestUser(services, { balance: "50.00" });
    const body = { packs: [packSlug], layout: "1v1", winRule: "highest", terminal: false };
    expect((await rest(player.apiKey, "POST", "/v1/battles", body)).status).toBe(200);
    const before = await footprint(player.userId);
    const caller = createCaller(
      createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => player.userId }),
    );
    await expect(caller.battles.create({ ...body, terminal: "false" } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await footprint(player.userId)).toEqual(before);
  });
});

describe("REST query parameters are text: only a well-formed number or exactly true/false is one", () => {
  const typedQueryParameters = operations.flatMap((operation) =>
    operation.parameters
      .filter((parameter) => parameter.in === "query" && scalarType(parameter.schema as Json))
      .map((parameter) => ({ operation, parameter, type: scalarType(parameter.schema as Json)! })),
  );
  const malformed: Record<ScalarType, string[]> = {
    boolean: ["", "1", "0", "yes", "TRUE", " true"],
    integer: ["", " 5", "5 ", "0x10", "1_0", "Infinity", "NaN", "true", "+5", "5."],
    number: ["", " 5", "0x10", "Infinity", "NaN", "true", "+5", "5."],
  };

  it("the document has typed query parameters to walk (the lists' limit at least)", () => {
    expect(typedQueryParameters.map(({ operation, parameter }) => `${operation.path}?${parameter.name}`)).toContain("/v1/inventory?limit");
  });

  it.each(
    typedQueryParameters.map((entry) => [`${entry.operation.method} ${entry.operation.path}?${entry.parameter.name}`, entry] as const),
  )("%s: a well-formed value is read, anything else is a 400 naming the parameter", async (_, { operation, parameter, type }) => {
    const player = await createTestUser(services);
    const schema = resolve(parameter.schema as Json)!;
    const valid = type === "boolean" ? "true" : String(schema.default ?? schema.minimum ?? 1);
    const url = (value: string) => `${pathOf(operation.path)}?${parameter.name}=${encodeURIComponent(value)}`;
    expect((await rest(player.apiKey, operation.method, url(valid))).status).toBe(200);
    for (const value of malformed[type]) {
      const response = await rest(player.apiKey, operation.method, url(value));
      expect({ value, status: response.status }).toEqual({ value, status: 400 });
      expect(response.body.issues?.map((issue) => issue.path.join("."))).toContain(parameter.name);
    }
  });
});
