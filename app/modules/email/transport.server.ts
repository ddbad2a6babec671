import nodemailer from "nodemailer";
import type { EmailTransport } from "./outbox.server";

/** Real delivery over SMTP (`SMTP_URL`, e.g. smtp://user:pass@mail.example.com:587). */
export function smtpTransport(smtpUrl: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transporter.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html ?? undefined });
    },
  };
}
