import { useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/modal-dialog';
import { useOrganisation } from '../../../lib/organisation';
import { ContactDetails, hasContactDetails } from './contact-details';

/** The contact card (docs/product-spec.md §2 dialogs): the organisation's contact name and details. */
export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { contact } = org;

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: 'contact.title' })}
      closeLabel={intl.formatMessage({ id: 'contact.close' })}
    >
      <p className="contact-card__name">{contact.name || org.name}</p>
      {hasContactDetails(contact) ? (
        <ContactDetails contact={contact} />
      ) : (
        <p>{intl.formatMessage({ id: 'contact.empty' })}</p>
      )}
    </ModalDialog>
  );
}
