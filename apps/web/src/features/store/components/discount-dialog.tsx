import { FormattedMessage, useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/modal-dialog';
import { sortedTiers, type DiscountTier } from '../lib/pricing';

/** A percentage the locale's way ("10%", "10 %"). */
export function usePercent(): (percentOff: number) => string {
  const intl = useIntl();
  return (percentOff) =>
    intl.formatNumber(percentOff / 100, { style: 'percent', maximumFractionDigits: 2 });
}

/**
 * The group discount dialog (docs/product-spec.md §2): title, explanation, the bundle's tiers
 * ("5+ seats: 10% off") or their empty state, and OK.
 */
export function DiscountDialog({
  open,
  tiers,
  onClose,
}: {
  open: boolean;
  tiers: readonly DiscountTier[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const percent = usePercent();
  const sorted = sortedTiers(tiers);
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: 'store.discounts.title' })}
      closeLabel={intl.formatMessage({ id: 'store.discounts.close' })}
    >
      <p>
        <FormattedMessage id="store.discounts.body" />
      </p>
      {sorted.length > 0 ? (
        <ul className="discount-tiers">
          {sorted.map((tier) => (
            <li key={tier.minSeats}>
              <FormattedMessage
                id="store.discounts.tier"
                values={{ min: tier.minSeats, percent: percent(tier.percentOff) }}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="discount-tiers__empty">
          <FormattedMessage id="store.discounts.empty" />
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          <FormattedMessage id="store.discounts.ok" />
        </button>
      </div>
    </ModalDialog>
  );
}
