import { parseQuestions, type Fragment, type PasteFormat } from '@portal/domain';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/modal-dialog';
import { PasteCheck } from './paste-check';
import './paste.css';

export interface PasteQuestionsDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called once, with every question read, when the author confirms; never while a line is unreadable. */
  onInsert: (fragments: Fragment[]) => void;
  /** The locale the questions are written in (the texts of the new fields); the interface's by default. */
  locale?: string;
  /** Ids the topic already uses, so the new fields and choices get others. */
  takenIds?: Iterable<string>;
}

const FORMATS: readonly PasteFormat[] = ['gift', 'aiken'];

/**
 * Paste questions in GIFT or Aiken (issue 26, "beyond the anchors"): the author picks the
 * format and pastes; the check below names every line that could not be read, with its number,
 * and only a text read in full can be added, as field blocks.
 */
export function PasteQuestionsDialog({
  open,
  onClose,
  onInsert,
  locale,
  takenIds,
}: PasteQuestionsDialogProps) {
  const intl = useIntl();
  const id = useId();
  const [format, setFormat] = useState<PasteFormat>('gift');
  const [text, setText] = useState('');
  // A long paste is read after the keystroke is drawn.
  const deferredText = useDeferredValue(text);
  const contentLocale = locale ?? intl.locale;
  const result = useMemo(
    () =>
      deferredText.trim()
        ? parseQuestions(deferredText, format, contentLocale, {
            ...(takenIds && { taken: takenIds }),
          })
        : null,
    [deferredText, format, contentLocale, takenIds],
  );
  const isCurrent = deferredText === text;
  const canInsert = isCurrent && !!result && !result.problems.length && result.fragments.length > 0;

  function close() {
    setText('');
    onClose();
  }

  function insert() {
    if (!canInsert || !result) return;
    onInsert(result.fragments);
    close();
  }

  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={intl.formatMessage({ id: 'studio.paste.title' })}
      closeLabel={intl.formatMessage({ id: 'studio.paste.close' })}
    >
      <div className="form paste-questions">
        <fieldset className="paste-questions__formats">
          <legend className="field__label">
            <FormattedMessage id="studio.paste.format" />
          </legend>
          {FORMATS.map((value) => (
            <label key={value} className="paste-questions__format">
              <input
                type="radio"
                name={`${id}-format`}
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              <FormattedMessage id={`studio.paste.${value}`} />
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-text`}>
            <FormattedMessage id="studio.paste.text" />
          </label>
          <p id={`${id}-hint`} className="field__hint">
            <FormattedMessage id={`studio.paste.hint.${format}`} />
          </p>
          <details className="paste-questions__example">
            <summary>
              <FormattedMessage id="studio.paste.exampleLabel" />
            </summary>
            <pre>
              <FormattedMessage id={`studio.paste.example.${format}`} />
            </pre>
          </details>
          <textarea
            id={`${id}-text`}
            className="field__input paste-questions__text"
            rows={10}
            spellCheck={false}
            value={text}
            aria-describedby={`${id}-hint ${id}-check`}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <PasteCheck id={`${id}-check`} result={result} text={deferredText} />
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!canInsert}
            onClick={insert}
          >
            <FormattedMessage
              id="studio.paste.insert"
              values={{ count: result?.fragments.length ?? 0 }}
            />
          </button>
          <button type="button" className="button button--quiet" onClick={close}>
            <FormattedMessage id="studio.paste.cancel" />
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
