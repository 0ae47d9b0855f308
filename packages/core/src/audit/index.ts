export { auditInvariants } from "./audit.ts";
