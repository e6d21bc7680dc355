export { createMailer, type EmailContent, type Mailer, renderEmail } from './mail.service.ts';
