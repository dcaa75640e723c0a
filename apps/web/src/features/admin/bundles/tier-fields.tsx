import type { Bundle } from '@portal/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextInput } from '../settings/localised-input';

type Tiers = Bundle['discountTiers'];

/** Discounts by seat count: a row per tier (at least so many seats, so much off). */
export function TierFields({
  tiers,
  errors,
  onChange,
}: {
  tiers: Tiers;
  errors: Record<string, string>;
  onChange: (tiers: Tiers) => void;
}) {
  const intl = useIntl();
  const set = (index: number, next: Partial<Tiers[number]>) =>
    onChange(tiers.map((tier, i) => (i === index ? { ...tier, ...next } : tier)));
  return (
    <fieldset className="admin-fieldset">
      <legend className="field__label">
        <FormattedMessage id="admin.bundles.tiers.title" />
      </legend>
      <p className="field__hint">
        <FormattedMessage id="admin.bundles.tiers.hint" />
      </p>
      {tiers.map((tier, index) => (
        <div key={index} className="admin-card">
          <div className="admin-pair">
            <TextInput
              label={intl.formatMessage(
                { id: 'admin.bundles.tiers.minSeats' },
                { number: index + 1 },
              )}
              type="number"
              min={2}
              value={String(tier.minSeats)}
              error={errors[`bundle.discountTiers.${index}.minSeats`]}
              onChange={(value) => set(index, { minSeats: Number(value) })}
            />
            <TextInput
              label={intl.formatMessage(
                { id: 'admin.bundles.tiers.percentOff' },
                { number: index + 1 },
              )}
              type="number"
              min={1}
              max={99}
              value={String(tier.percentOff)}
              error={errors[`bundle.discountTiers.${index}.percentOff`]}
              onChange={(value) => set(index, { percentOff: Number(value) })}
            />
          </div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onChange(tiers.filter((_, i) => i !== index))}
          >
            <FormattedMessage id="admin.bundles.tiers.remove" values={{ number: index + 1 }} />
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const last = tiers[tiers.length - 1];
          onChange([
            ...tiers,
            {
              minSeats: (last?.minSeats ?? 4) + 1,
              percentOff: Math.min(99, (last?.percentOff ?? 5) + 5),
            },
          ]);
        }}
      >
        <FormattedMessage id="admin.bundles.tiers.add" />
      </button>
    </fieldset>
  );
}
