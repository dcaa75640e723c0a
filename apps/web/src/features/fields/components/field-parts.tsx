import type { FieldView } from '@portal/domain';
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { SafeHtml } from '../../../components/safe-html';

/** What every control gets: the field, its answer, and how to change and save it. */
export interface FieldControlProps {
  field: FieldView;
  value: unknown;
  /** Sets the answer at once; `save` sends it now (else when the control commits). */
  onChange: (value: unknown, options?: { save?: boolean }) => void;
  /** Saves what was typed (on blur) or dragged (when the slider is let go). */
  onCommit: () => void;
  /** docs/product-spec.md §5: every input disabled (the print view). */
  readOnly?: boolean;
}

/** Ids tying a field's label, question and error to its input (aria-describedby). */
export function useFieldIds() {
  const id = useId();
  return { input: `${id}-input`, label: `${id}-label`, help: `${id}-help`, error: `${id}-error` };
}

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/** The field's question (author HTML), read by screen readers as the input's description. */
export function FieldQuestion({ id, field }: { id: string; field: FieldView }) {
  if (!field.question) return null;
  return (
    <div id={id} className="field-block__question">
      <SafeHtml className="prose" html={field.question} />
    </div>
  );
}

export function FieldError({
  id,
  message,
  isAlert = false,
}: {
  id: string;
  message: string | null;
  /** Announced at once (an upload that failed after the learner moved on). */
  isAlert?: boolean;
}) {
  if (!message) return null;
  return (
    <p id={id} className="field__error field-block__error" role={isAlert ? 'alert' : undefined}>
      {message}
    </p>
  );
}

/** The frame of a field: its name as the label, the question, the control, the error. */
export function FieldBlock({
  field,
  className = '',
  children,
}: {
  field: FieldView;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field-block field-block--${field.type} ${className}`.trim()}>{children}</div>
  );
}

/**
 * The answer as text, for paper (issue 15, point 7): on screen it is not drawn (the control shows
 * the answer); printed, it takes the control's place, black and as large as the questions, where
 * a disabled control would be faint grey and a long choice cut off. `null` is "Not answered".
 */
export function PrintedAnswer({ text }: { text: string | null }) {
  return (
    <p className="field-block__printed" data-printed-answer="">
      {text === null || text.trim() === '' ? (
        <span className="field-block__printed-none">
          <FormattedMessage id="print.answer.none" />
        </span>
      ) : (
        text
      )}
    </p>
  );
}
