import { randomUUID } from "node:crypto";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { LAYOUT_WIDTHS, PASSWORD, admin, expectLayoutSound, expectNoAxeViolations, signIn, uniqueEmail } from "./support";

// Issue #36 item 6, "Real goods drawn as emoji": an admin uploads a photo per item on the pack's
// console page; anything that is not a picture is refused with its reason, a picture is encoded
// again as WebP (metadata gone) and shown in place of the drawn art wherever players see the item.

const tag = randomUUID().slice(0, 8);
const slug = `photos-${tag}`;
const ITEMS = LAYOUT_WIDTHS.map((viewport, index) => ({ key: `item-${viewport.width}`, name: `Photo Item ${index + 1} ${tag}` }));
const adminEmail = uniqueEmail("photo-admin");

/** A phone photo of the item: a PNG carrying EXIF with the camera's maker and GPS position. */
function cameraPng(background: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .png()
    .withExif({
      IFD0: { Make: "PhoneMaker", Artist: "Jane Operator" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    })
    .toBuffer();
}

test.beforeAll(async () => {
  await admin("user:create", { email: adminEmail, password: PASSWORD });
  await admin("user:set", { email: adminEmail, role: "admin" });
  const chance = ["20", "30", "50"];
  await admin("pack:import", {
    packs: [
      {
        slug,
        name: `Photo pack ${tag}`,
        image: "/art/pack/SILVER/watch,running-shoe,headphone.svg",
        price: "10.00",
        category: "TECH",
        rarityTheme: "SILVER",
        items: ITEMS.map((item, index) => ({
          ...item,
          rarity: "RARE",
          value: ["20.00", "10.00", "2.00"][index],
          image: `/art/item/RARE/${["watch", "running-shoe", "headphone"][index]}.svg`,
          chance: chance[index],
        })),
      },
    ],
  });
});

async function consolePage(page: Page) {
  await expect(page).toHaveURL(new RegExp(`/admin/packs/${slug}$`));
  await expect(page.locator('.pack-editor[data-ready="true"]')).toBeVisible();
  await expect(page.getByRole("heading", { name: "Item photos" })).toBeVisible();
}

for (const [index, viewport] of LAYOUT_WIDTHS.entries()) {
  test(`an admin's photo upload refuses a non-image and serves a re-encoded WebP, at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const item = ITEMS[index]!;
    await signIn(page, adminEmail, PASSWORD, `/admin/packs/${slug}`);
    await consolePage(page);
    const row = page.getByTestId(`item-photo-${item.key}`);
    await expect(row.getByRole("img", { name: `Drawn art of ${item.name}` })).toBeVisible();
    await expectLayoutSound(page, "console pack page with item photos", { tablesMayScroll: true });
    await expectNoAxeViolations(page, "console pack page with item photos");

    // A text file named like a picture: refused with its reason, nothing changes.
    await row.getByLabel(item.name).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("just some text\n") });
    await expect(row.getByRole("alert")).toHaveText("That file is not a PNG, JPEG or WebP image.");
    await expect(row.getByRole("img", { name: `Drawn art of ${item.name}` })).toBeVisible();
    await expectNoAxeViolations(page, "console item photo refused");

    await row.getByLabel(item.name).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: await cameraPng("#2a6") });
    await expect(row.getByRole("status")).toHaveText("Photo saved.");
    const photo = row.getByRole("img", { name: `Photo of ${item.name}` });
    await expect(photo).toHaveAttribute("src", /^\/media\/items\/[0-9a-f]{32}-256\.webp$/);
    await expect(row.getByRole("alert")).toHaveCount(0);
    await expectLayoutSound(page, "console pack page with a photo", { tablesMayScroll: true });
    await expectNoAxeViolations(page, "console pack page with a photo");

    // The served file: WebP, cached for good, the camera's EXIF and GPS gone.
    const src = (await photo.getAttribute("src"))!;
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const webp = await served.body();
    const metadata = await sharp(webp).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    for (const text of ["PhoneMaker", "Jane Operator"]) expect(webp.includes(Buffer.from(text)), text).toBe(false);
    expect((await page.request.get(src.replace("-256.", "-512."))).status()).toBe(200);

    // Players see the photo where they saw the art (the catalogue switches within a second).
    await expect
      .poll(async () => {
        await page.goto(`/packs/${slug}`);
        return page.getByTestId("pack-contents").getByRole("listitem").filter({ hasText: item.name }).locator("img").getAttribute("src");
      })
      .toBe(src);
    await expectLayoutSound(page, "pack page with a photo");
    await expectNoAxeViolations(page, "pack page with a photo");
  });
}

test("the upload route answers JSON refusals: 413 past 5 MB, 415, 400, 401, 403 and 404", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const route = `/api/admin/packs/${slug}/items/${ITEMS[0]!.key}/photo`;
  const origin = new URL(baseURL!).origin;
  const asAdmin = { origin, "request-key": randomUUID() };
  await signIn(page, adminEmail, PASSWORD, `/admin/packs/${slug}`);

  const expectRefusal = async (response: Awaited<ReturnType<typeof page.request.post>>, status: number, message: RegExp) => {
    expect(response.status()).toBe(status);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  };
  await expectRefusal(
    await page.request.post(route, { headers: { ...asAdmin, "content-type": "image/png" }, data: Buffer.alloc(5 * 1024 * 1024 + 1, 1) }),
    413,
    /larger than 5 MB/,
  );
  // Sent in chunks with no Content-Length: counted while read and refused past 5 MB (Node then reads
  // the rest of the request to keep the connection, and throws it away).
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  let chunksSent = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      chunksSent++;
      if (chunksSent > 64) controller.close();
      else controller.enqueue(new Uint8Array(1024 * 1024));
    },
  });
  const streamed = await fetch(new URL(route, baseURL), {
    method: "POST",
    headers: { ...asAdmin, cookie, "content-type": "image/png" },
    body: endless,
    duplex: "half",
  } as RequestInit);
  expect(streamed.status).toBe(413);
  expect(((await streamed.json()) as { message: string }).message).toMatch(/larger than 5 MB/);
  await expectRefusal(
    await page.request.post(route, { headers: { ...asAdmin, "content-type": "text/plain" }, data: "hello" }),
    415,
    /PNG, JPEG or WebP/,
  );
  await expectRefusal(
    await page.request.post(route, { headers: { ...asAdmin, "content-type": "image/png" }, data: Buffer.alloc(0) }),
    400,
    /body is empty/,
  );
  await expectRefusal(
    await page.request.post(route, { headers: { "content-type": "image/png" }, data: await cameraPng("#f00") }),
    403,
    /Cross-site request refused/,
  );
  await expectRefusal(
    await page.request.post(`/api/admin/packs/${slug}/items/no-such-item/photo`, {
      headers: { ...asAdmin, "content-type": "image/png" },
      data: await cameraPng("#f00"),
    }),
    404,
    /has no item no-such-item/,
  );

  const anonymous = await playwrightRequest.newContext({ baseURL });
  await expectRefusal(
    await anonymous.post(route, { headers: { origin, "content-type": "image/png" }, data: await cameraPng("#f00") }),
    401,
    /Sign in/,
  );
  await anonymous.dispose();

  const player = await page.context().browser()!.newContext({ baseURL });
  const playerPage = await player.newPage();
  const playerEmail = uniqueEmail("photo-player");
  await admin("user:create", { email: playerEmail, password: PASSWORD });
  await signIn(playerPage, playerEmail, PASSWORD, "/");
  await expectRefusal(
    await playerPage.request.post(route, { headers: { ...asAdmin, "content-type": "image/png" }, data: await cameraPng("#f00") }),
    403,
    /operators only/,
  );
  await player.close();

  const unknown = await page.request.get(`/media/items/${"0".repeat(32)}-256.webp`);
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: "NOT_FOUND" });
  expect((await page.request.get("/media/items/../../etc/passwd")).status()).toBe(404);
});
