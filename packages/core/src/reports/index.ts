export { getPackReport, MARGIN_FORMULA, ReportQuerySchema, rollUpReports } from "./pack-reports.ts";
export type { PackReport, ReportFigures } from "./pack-reports.ts";
export {
  getHourlyReport,
  getReportActivity,
  getReportShipping,
  getTopWinners,
  HourlyQuerySchema,
  TOP_WINNERS_LIMIT,
  type ReportShipping,
} from "./operator-reports.ts";
export type { HourlyBucket, HourlyQuery, HourlyReport, ReportActivity, TopWinner } from "./operator-reports.ts";
export { getUpgradeReport } from "./upgrade-reports.ts";
export type { BiggestUpgradeWin, ExchangeFigures, UpgradeFigures, UpgradeReport } from "./upgrade-reports.ts";
