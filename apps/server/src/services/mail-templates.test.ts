import { organisationSettingsSchema, type OrganisationSettings } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { makePack } from '../test/factories';
import { receiptMail, type ReceiptOrder } from './receipt-mail';

const settings = (currency?: string): OrganisationSettings =>
  organisationSettingsSchema.parse({
    ...makePack('receipts').organisation,
    ...(currency && { currency }),
  });

const order: ReceiptOrder = {
  id: 'order-1',
  bundleName: 'Starter',
  quantity: 5,
  unitCents: 7900,
  percentOff: 10,
  totalCents: 35550,
};
const to = { email: 'buyer@example.com', name: 'Buyer' };

/** The receipt's row `label` in the plain-text part. */
function row(text: string, label: string): string {
  const line = text.split('\n').find((l) => l.startsWith(label));
  if (!line) throw new Error(`no ${label} row in:\n${text}`);
  return line;
}

describe('receipt mail (issue 24, point 10)', () => {
  it('writes the discount the way the receipt’s language writes a percentage', () => {
    const en = receiptMail(settings(), 'en-US', to, order, 'http://x/store');
    expect(row(en.text, 'Group discount')).toBe('Group discount: 10%');
    expect(en.html).toContain('>10%<');
    const fr = receiptMail(settings(), 'fr-CA', to, order, 'http://x/store');
    expect(row(fr.text, 'Rabais de groupe')).toBe('Rabais de groupe\u00a0: 10\u00a0%');
    expect(fr.html).toContain('>10\u00a0%<');
  });

  it('shows the organisation’s prices with the same currency sign in both languages', () => {
    // An organisation whose money is the US dollar: its plain sign.
    const enUsd = receiptMail(settings('USD'), 'en-US', to, order, 'http://x/store');
    const frUsd = receiptMail(settings('USD'), 'fr-CA', to, order, 'http://x/store');
    expect(row(enUsd.text, 'Price per seat')).toBe('Price per seat: $79.00');
    expect(row(frUsd.text, 'Prix par place')).toBe('Prix par place\u00a0: 79,00\u00a0$');
    // A Canadian organisation: the US dollar is named in both.
    const enCad = receiptMail(settings('CAD'), 'en-US', to, order, 'http://x/store');
    const frCad = receiptMail(settings('CAD'), 'fr-CA', to, order, 'http://x/store');
    expect(row(enCad.text, 'Total paid')).toBe('Total paid: US$355.50');
    expect(row(frCad.text, 'Total payé')).toBe('Total payé\u00a0: 355,50\u00a0$\u00a0US');
  });
});
