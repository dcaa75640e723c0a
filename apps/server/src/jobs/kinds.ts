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
} as const;
