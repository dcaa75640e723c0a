import type { BundleView } from '@portal/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { TextField } from '../../../components/text-field';
import { useOrganisation } from '../../../lib/organisation';
import { useSession } from '../../../lib/session/session-context';
import { usePurchase } from '../hooks/use-purchase';
import { useFormatUsd } from '../lib/money';
import { MAX_SEATS, priceForSeats } from '../lib/pricing';
import { parseQuantity, type QuantityProblem } from '../lib/quantity';
import { DiscountDialog, usePercent } from './discount-dialog';

const PROBLEMS = {
  required: 'store.quantity.required',
  whole: 'store.quantity.whole',
  leadingZero: 'store.quantity.leadingZero',
  min: 'store.quantity.min',
  max: 'store.quantity.max',
} as const satisfies Record<QuantityProblem, string>;

/**
 * The purchase form of a bundle page (docs/product-spec.md §4, §5): a quantity of seats
 * (positive whole number, no leading zero, 1 by default), the price of that many with the
 * group discount that applies, the group discount dialog, and Purchase. A visitor signs in or
 * up in the auth dialog first and the purchase then goes on. A learner who has the bundle is
 * told so ('Bundle has been purchased') and offered seats for a team instead: two or more, which
 * make their cohort (docs/design.md §9).
 */
export function PurchaseForm({ bundle }: { bundle: BundleView }) {
  const intl = useIntl();
  const formatUsd = useFormatUsd();
  const percent = usePercent();
  const { org } = useOrganisation();
  const { isSignedIn, openAuthDialog, preloadAuthDialog } = useSession();
  const { state, start, reset } = usePurchase(bundle._id);
  const inputRef = useRef<HTMLInputElement>(null);
  const totalId = useId();
  // Someone who has the bundle buys for a team: two seats at least.
  const isOwned = bundle.isMemberOf;
  const [text, setText] = useState(isOwned ? '2' : '1');
  const [isTouched, setIsTouched] = useState(false);
  const [isDiscountOpen, setIsDiscountOpen] = useState(false);

  const parsed = parseQuantity(text);
  const isTooFewForTeam = isOwned && parsed.ok && parsed.value < 2;
  const error = !isTouched
    ? undefined
    : !parsed.ok
      ? intl.formatMessage({ id: PROBLEMS[parsed.problem] }, { max: MAX_SEATS })
      : isTooFewForTeam
        ? intl.formatMessage({ id: 'store.quantity.team' })
        : undefined;
  const price = parsed.ok ? priceForSeats(bundle, parsed.value) : null;
  const isBusy = state.kind === 'loading' || state.kind === 'redirecting';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (!parsed.ok || isTooFewForTeam) {
      setIsTouched(true);
      inputRef.current?.focus();
      return;
    }
    const quantity = parsed.value;
    if (!isSignedIn) {
      // The purchase waits for the sign-in (or sign-up) made in the dialog, then goes on.
      openAuthDialog(org.disableSelfSignup ? 'login' : 'signup', {
        onSignedIn: () => void start(quantity),
      });
      return;
    }
    void start(quantity);
  }

  return (
    <>
      <form className="form purchase-form" noValidate onSubmit={handleSubmit}>
        {isOwned && (
          <p className="purchase-form__owned">
            <FormattedMessage id="store.purchase.owned" />
            {'. '}
            <FormattedMessage id="store.purchase.ownedHint" />
          </p>
        )}
        <TextField
          ref={inputRef}
          className="purchase-form__quantity"
          label={<FormattedMessage id="store.quantity.label" />}
          hint={
            <FormattedMessage id={isOwned ? 'store.quantity.teamHint' : 'store.quantity.hint'} />
          }
          name="quantity"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required
          value={text}
          error={error}
          readOnly={isBusy}
          onChange={(event) => {
            setText(event.target.value);
            if (state.kind === 'error') reset();
          }}
          // Leaving for the submit button: the submit says what is wrong, so the error does not
          // appear between press and release, moving the button from under the pointer.
          onBlur={(event) => {
            if ((event.relatedTarget as HTMLElement | null)?.getAttribute('type') !== 'submit')
              setIsTouched(true);
          }}
        />
        <div id={totalId} className="purchase-form__price" aria-live="polite">
          {price && parsed.ok && (
            <>
              <p className="purchase-form__total">
                <FormattedMessage
                  id="store.total"
                  values={{ count: parsed.value, total: formatUsd(price.totalCents / 100) }}
                />
              </p>
              {price.tier && (
                <p className="purchase-form__discount">
                  <FormattedMessage
                    id="store.discountApplied"
                    values={{
                      percent: percent(price.percentOff),
                      min: price.tier.minSeats,
                      full: formatUsd((price.unitCents * parsed.value) / 100),
                    }}
                  />
                </p>
              )}
            </>
          )}
        </div>
        <p className="purchase-form__discount-link">
          <button
            type="button"
            className="link-button"
            aria-haspopup="dialog"
            onClick={() => setIsDiscountOpen(true)}
          >
            <FormattedMessage id="store.discountLink" />
          </button>
        </p>
        {!isSignedIn && (
          <p className="field__hint">
            <FormattedMessage id="store.purchase.signInFirst" />
          </p>
        )}
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary button--large"
            aria-disabled={isBusy || undefined}
            aria-describedby={totalId}
            onPointerEnter={isSignedIn ? undefined : preloadAuthDialog}
            onFocus={isSignedIn ? undefined : preloadAuthDialog}
          >
            {isBusy && <span className="inline-spinner" aria-hidden="true" />}
            <FormattedMessage
              id={
                isBusy
                  ? 'store.purchase.submitting'
                  : isOwned
                    ? 'store.purchase.forTeam'
                    : 'store.purchase.submit'
              }
            />
          </button>
        </div>
        {state.kind === 'redirecting' && (
          <NoticeBox>
            <p>
              <FormattedMessage
                id="store.redirecting"
                values={{ link: (chunks) => <a href={state.url}>{chunks}</a> }}
              />
            </p>
          </NoticeBox>
        )}
        {state.kind === 'error' && <ErrorBox>{state.message}</ErrorBox>}
      </form>
      <DiscountDialog
        open={isDiscountOpen}
        tiers={bundle.discountTiers}
        onClose={() => setIsDiscountOpen(false)}
      />
    </>
  );
}
