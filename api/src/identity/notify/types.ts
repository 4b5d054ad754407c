export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SmsMessage {
  /** E.164. */
  to: string;
  text: string;
}

/** Sends mail: SMTP in production, the outbox table by default. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends SMS: a gateway when configured, the outbox table by default. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}
