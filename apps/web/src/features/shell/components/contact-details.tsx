import type { OrganisationView } from '@portal/domain';
import { FormattedMessage } from 'react-intl';

type Contact = OrganisationView['contact'];

/** Address lines in postal order: street lines, "city, state zip", country. */
export function addressLines(contact: Contact): string[] {
  const a = contact.address;
  if (!a) return [];
  const cityLine = [[a.city, a.state].filter(Boolean).join(', '), a.zip].filter(Boolean).join(' ');
  return [a.line1, a.line2, cityLine, a.country].filter((line): line is string =>
    Boolean(line?.trim()),
  );
}

export function hasContactDetails(contact: Contact): boolean {
  return Boolean(
    addressLines(contact).length ||
    contact.phone1 ||
    contact.phone2 ||
    contact.email ||
    contact.website,
  );
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

function websiteText(website: string): string {
  return website.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** An organisation's contact lines: address, phones (tel: links), email and website links. */
export function ContactDetails({ contact }: { contact: Contact }) {
  const lines = addressLines(contact);
  const phones = [contact.phone1, contact.phone2].filter((p): p is string => Boolean(p));

  return (
    <address className="contact-details">
      {lines.length > 0 && (
        <p className="contact-details__address">
          <span className="visually-hidden">
            <FormattedMessage id="contact.address" />:{' '}
          </span>
          {lines.map((line, index) => (
            <span key={index} className="contact-details__line">
              {line}
            </span>
          ))}
        </p>
      )}
      <ul className="contact-details__list">
        {phones.map((phone) => (
          <li key={phone}>
            <span className="contact-details__label">
              <FormattedMessage id="contact.phone" />
            </span>{' '}
            <a href={telHref(phone)}>{phone}</a>
          </li>
        ))}
        {contact.email && (
          <li>
            <span className="contact-details__label">
              <FormattedMessage id="contact.email" />
            </span>{' '}
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </li>
        )}
        {contact.website && (
          <li>
            <span className="contact-details__label">
              <FormattedMessage id="contact.website" />
            </span>{' '}
            <a href={websiteHref(contact.website)}>{websiteText(contact.website)}</a>
          </li>
        )}
      </ul>
    </address>
  );
}
