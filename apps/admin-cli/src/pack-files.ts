import { readFile, writeFile } from "node:fs/promises";

/** A file for pack:import: one pack or an array of packs, in the format pack:export writes. */
export async function readPackFile(file: string): Promise<unknown[]> {
  const text = await readFile(file, "utf8");
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  return Array.isArray(data) ? (data as unknown[]) : [data];
}

export async function writePackFile(file: string, pack: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(pack, null, 2)}\n`);
}
