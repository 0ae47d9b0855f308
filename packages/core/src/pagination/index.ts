export { isPageCursor, MAX_PAGE_SIZE } from "./page-cursor.ts";
