import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import {
  describedBy,
  FieldBlock,
  FieldQuestion,
  PrintedAnswer,
  useFieldIds,
  type FieldControlProps,
} from './field-parts';

/** docs/product-spec.md §5, §9: a slider runs from 0 to 10 unless the field says otherwise. */
export const SLIDER_DEFAULT_MIN = 0;
export const SLIDER_DEFAULT_MAX = 10;

/**
 * A range input showing its value. It follows the pointer or the arrow keys at once (formulas
 * follow) and is saved when let go: the input's change event, which the browser fires at the
 * end of a drag or after a key.
 */
export function SliderField({ field, value, onChange, onCommit, readOnly }: FieldControlProps) {
  const intl = useIntl();
  const ids = useFieldIds();
  const inputRef = useRef<HTMLInputElement>(null);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  });

  // React's onChange is the input event; the native change event marks the end of a drag.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const commit = () => commitRef.current();
    input.addEventListener('change', commit);
    return () => input.removeEventListener('change', commit);
  }, []);

  const min = field.minValue ?? SLIDER_DEFAULT_MIN;
  const max = field.maxValue ?? SLIDER_DEFAULT_MAX;
  const current = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const shown =
    current === null
      ? intl.formatMessage({ id: 'fields.slider.unset' })
      : intl.formatNumber(current);
  const outputId = `${ids.input}-value`;

  return (
    <FieldBlock field={field}>
      <label id={ids.label} className="field-block__label" htmlFor={ids.input}>
        {field.name}
      </label>
      <FieldQuestion id={ids.help} field={field} />
      <div className="field-block__slider">
        <span className="field-block__bound" aria-hidden="true">
          {intl.formatNumber(min)}
        </span>
        <input
          ref={inputRef}
          id={ids.input}
          type="range"
          min={min}
          max={max}
          step={1}
          value={current ?? min}
          disabled={readOnly}
          aria-valuetext={shown}
          aria-describedby={describedBy(field.question && ids.help)}
          onChange={(event) => onChange(Number(event.target.value))}
          onPointerUp={() => onCommit()}
          onKeyUp={() => onCommit()}
          onBlur={() => onCommit()}
        />
        <span className="field-block__bound" aria-hidden="true">
          {intl.formatNumber(max)}
        </span>
        {/* Screen readers hear the value from the slider itself (aria-valuetext). */}
        <output
          id={outputId}
          className="field-block__slider-value"
          htmlFor={ids.input}
          aria-hidden="true"
        >
          {shown}
        </output>
      </div>
      <PrintedAnswer
        text={
          current === null
            ? null
            : `${intl.formatNumber(current)} (${intl.formatNumber(min)}–${intl.formatNumber(max)})`
        }
      />
    </FieldBlock>
  );
}
