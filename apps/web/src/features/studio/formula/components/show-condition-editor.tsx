import type { SampleAnswers, Topic } from '@portal/domain';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { FormulaEditor } from './formula-editor';

/** A page's or fragment's show condition, as the content pack holds it. */
export interface ShowCondition {
  enabled: boolean;
  formula: { body: string };
}

export interface ShowConditionEditorProps {
  /** The condition; undefined when the page or fragment has none. */
  value: ShowCondition | undefined;
  onChange: (next: ShowCondition | undefined) => void;
  topic: Topic;
  locale: string;
  sampleAnswers?: SampleAnswers;
  general?: Topic | null;
  generalAnswers?: SampleAnswers;
  /** What the condition shows or hides: a page or a block of it. */
  target: 'page' | 'fragment';
}

/**
 * A show condition: switched on, its page or fragment shows only while the formula holds.
 * Switching it off keeps the formula (`enabled: false`), so switching back loses nothing.
 */
export function ShowConditionEditor({
  value,
  onChange,
  topic,
  locale,
  sampleAnswers,
  general,
  generalAnswers,
  target,
}: ShowConditionEditorProps) {
  const toggleId = useId();
  const enabled = value?.enabled ?? false;
  const body = value?.formula.body ?? '';
  return (
    <div className="show-condition">
      <div className="show-condition__toggle">
        <input
          id={toggleId}
          type="checkbox"
          checked={enabled}
          onChange={(e) => {
            const on = e.target.checked;
            if (!on && body.trim() === '') onChange(undefined);
            else onChange({ enabled: on, formula: { body } });
          }}
        />
        <label htmlFor={toggleId}>
          <FormattedMessage
            id={
              target === 'page'
                ? 'studio.formula.condition.togglePage'
                : 'studio.formula.condition.toggleFragment'
            }
          />
        </label>
      </div>
      {enabled && (
        <FormulaEditor
          value={body}
          onChange={(next) => onChange({ enabled: true, formula: { body: next } })}
          topic={topic}
          locale={locale}
          mode="condition"
          label={<FormattedMessage id="studio.formula.condition.label" />}
          {...(sampleAnswers && { sampleAnswers })}
          {...(general !== undefined && { general })}
          {...(generalAnswers && { generalAnswers })}
        />
      )}
    </div>
  );
}
