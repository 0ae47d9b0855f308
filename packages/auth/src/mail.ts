import { createTransport, type Transporter } from "nodemailer";
import { isDemoMode } from "@prizepacks/core/service-env";
import { authEnv } from "./env.ts";
import { logger } from "@prizepacks/db/log";

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** The first link of the mail, for the outbox page. */
  link?: string;
  sentAt: string;
}

const OUTBOX_SIZE = 200;
const GLOBAL_KEY = Symbol.for("prizepacks.mail");
type MailState = { outbox: Mail[]; transport?: Transporter };

function state(): MailState {
  // On globalThis: Next.js may load this module once per route bundle, and the outbox page
  // must see what the auth route sent.
  const g = globalThis as typeof globalThis & { [GLOBAL_KEY]?: MailState };
  g[GLOBAL_KEY] ??= { outbox: [] };
  return g[GLOBAL_KEY];
}

/**
 * True when mails are kept in the dev outbox instead of being sent: demo mode without
 * SMTP_URL. The outbox shows every account's mail, so it never exists outside demo mode.
 */
export function usesDevOutbox(): boolean {
  return isDemoMode() && !authEnv().SMTP_URL;
}

export async function sendMail(mail: { to: string; subject: string; text: string }): Promise<void> {
  const env = authEnv();
  if (env.SMTP_URL) {
    const s = state();
    s.transport ??= createTransport(env.SMTP_URL);
    await s.transport.sendMail({ from: env.MAIL_FROM, ...mail });
    return;
  }
  if (!usesDevOutbox()) throw new Error("No SMTP_URL outside demo mode: refusing to keep mail in an outbox.");
  const outbox = state().outbox;
  outbox.unshift({ id: crypto.randomUUID(), ...mail, link: /https?:\/\/\S+/.exec(mail.text)?.[0], sentAt: new Date().toISOString() });
  outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
}

/**
 * Sends a mail without making the caller wait for the mail server: how long it takes must not
 * show in the answer (it told who has an account). In the dev outbox the mail is there at once.
 * A failure is logged without the recipient's address.
 */
export function sendMailInBackground(mail: { to: string; subject: string; text: string }): void {
  sendMail(mail).catch((error: unknown) => {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/[^\s<>"',;:]+@[^\s<>"',;]+/g, "<address>");
    logger("mail").error(`could not send "${mail.subject}": ${reason}`);
  });
}

/** The dev outbox, newest first (empty when mails go through SMTP or outside demo mode). */
export function listOutbox(): Mail[] {
  return usesDevOutbox() ? [...state().outbox] : [];
}
