/**
 * The words of a certificate's PDF, one typed object per locale (as the server's mail texts in
 * services/mail-templates.ts). The names printed with them come from the certificate itself.
 */
export interface CertificateTexts {
  /** The BCP 47 tag the date is formatted in and the PDF declares as its language. */
  lang: 'en-US' | 'fr-CA';
  title: string;
  awardedTo: string;
  forCompleting: string;
  issuedOn: (date: string) => string;
  verifyAt: string;
  certificateId: (id: string) => string;
  /** The PDF's Subject (its document properties). */
  subject: (learner: string, topic: string) => string;
}

const TEXTS: Record<CertificateTexts['lang'], CertificateTexts> = {
  'en-US': {
    lang: 'en-US',
    title: 'Certificate of completion',
    awardedTo: 'awarded to',
    forCompleting: 'for completing',
    issuedOn: (date) => `Issued on ${date}`,
    verifyAt: 'Verify this certificate at',
    certificateId: (id) => `Certificate ID ${id}`,
    subject: (learner, topic) => `Certificate of completion awarded to ${learner} for ${topic}`,
  },
  'fr-CA': {
    lang: 'fr-CA',
    title: 'Attestation de réussite',
    awardedTo: 'décernée à',
    forCompleting: 'pour avoir terminé',
    issuedOn: (date) => `Délivrée le ${date}`,
    verifyAt: 'Vérifiez cette attestation à l’adresse',
    certificateId: (id) => `Attestation n° ${id}`,
    subject: (learner, topic) => `Attestation de réussite décernée à ${learner} pour ${topic}`,
  },
};

/** The texts of `locale`: 'fr-CA' in French, any other locale in American English. */
export function certificateTexts(locale: string): CertificateTexts {
  return locale === 'fr-CA' ? TEXTS['fr-CA'] : TEXTS['en-US'];
}

/**
 * `issuedAt` as a long date in the texts' language ("November 28, 2026", "28 novembre 2026"),
 * on the UTC calendar (the server knows no time zone of the learner's).
 */
export function formatIssuedDate(texts: CertificateTexts, issuedAt: string): string {
  const date = new Date(issuedAt);
  if (Number.isNaN(date.getTime())) throw new RangeError(`issuedAt is not a date: ${issuedAt}`);
  return new Intl.DateTimeFormat(texts.lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
