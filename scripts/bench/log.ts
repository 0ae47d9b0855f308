export function log(message: string) {
  console.log(`[bench] ${message}`);
}
