import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { CompletionOption } from '../lib/completion';
import { useReferenceWording } from './reference-wording';

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

interface CompletionListProps {
  id: string;
  label: string;
  options: readonly CompletionOption[];
  active: number;
  onChoose: (option: CompletionOption) => void;
}

/**
 * The listbox of a formula input's completion; focus stays in the input, which points at the
 * active option (aria-activedescendant). A click chooses without taking the focus away.
 */
export function CompletionList({ id, label, options, active, onChoose }: CompletionListProps) {
  const intl = useIntl();
  const wording = useReferenceWording();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [active, options]);

  return (
    <>
      <ul
        ref={list}
        id={id}
        role="listbox"
        aria-label={label}
        className="formula-completion"
        hidden={options.length === 0}
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={optionId(id, index)}
            role="option"
            aria-selected={index === active}
            className={
              index === active
                ? 'formula-completion__option formula-completion__option--active'
                : 'formula-completion__option'
            }
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(option)}
          >
            <span className="formula-completion__label">{option.label}</span>{' '}
            <span className="formula-completion__kind">
              {wording.kind(option.kind, option.use)}
            </span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {options.length > 0 &&
          intl.formatMessage({ id: 'studio.formula.completion.count' }, { count: options.length })}
      </p>
    </>
  );
}
