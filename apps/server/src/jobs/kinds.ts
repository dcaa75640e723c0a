/** The kinds of job, by name (the `kind` column): a handler each, registered in jobs/index.ts. */
export const JOB_KINDS = {
  /** A mail written when it was queued (jobs/mail.ts). */
  mail: 'mail',
  /** A recorded payment confirmation to fulfil (jobs/payment-event.ts). */
  paymentEvent: 'payment-event',
  /** The receipt of a fulfilled order (jobs/receipt-mail.ts). */
  receipt: 'receipt-mail',
  /** A CSV import of people from the console (services/admin/people-import.ts). */
  peopleImport: 'people-import',
  /** A certificate a learner earned, issued once (services/certificates.ts). */
  certificateIssue: 'certificate-issue',
  /** The notices of a private message (services/notifications). */
  messageNotice: 'message-notice',
  /** A reminder of a pending invitation, 3 or 7 days after it was mailed. */
  invitationReminder: 'invitation-reminder',
  /** The day's summary of pending invitations to a cohort's administrators. */
  reminderSummary: 'reminder-summary',
  /** The day's digest of group messages (one sweep a day, queued by its day). */
  digest: 'digest',
} as const;
