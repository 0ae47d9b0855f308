/** Work a serving instance runs besides its requests; `stop` ends it and resolves once nothing of it is left running. */
export interface BackgroundJob {
  stop(): Promise<void>;
}
