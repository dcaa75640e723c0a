import '../workbook.css';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useTopicWorkbook } from '../../../lib/workbook';
import { WORKSHEET_NAME_MAX } from '../lib/topic-sheets';

/** The current worksheet's name on the topic home, editable in place. */
export function WorksheetNameEditor() {
  const workbook = useTopicWorkbook();
  const current = workbook.worksheets[workbook.worksheetIndex];
  if (!current) return null;
  const { worksheetIndex, renameWorksheet } = workbook;
  // Another worksheet (or a rename from elsewhere) starts the editor afresh.
  return (
    <NameForm
      key={`${current._id}\u0000${current.name}`}
      name={current.name}
      onSave={(name) => renameWorksheet(worksheetIndex, name)}
    />
  );
}

/**
 * Unchanged, or edited with Save and Cancel shown: Enter saves, Escape or Cancel restores the
 * name. An empty name is refused.
 */
function NameForm({ name, onSave }: { name: string; onSave: (name: string) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState(name);
  const [isEmpty, setEmpty] = useState(false);
  const isEdited = draft !== name;

  function save(event?: FormEvent) {
    event?.preventDefault();
    if (!draft.trim()) {
      setEmpty(true);
      return;
    }
    if (draft.trim() !== name) onSave(draft);
    else setDraft(name);
  }

  function cancel() {
    setDraft(name);
    setEmpty(false);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && isEdited) {
      event.preventDefault();
      cancel();
    }
  }

  return (
    <form className="worksheet-name" onSubmit={save} noValidate>
      <label className="worksheet-name__label" htmlFor={inputId}>
        <FormattedMessage id="workbook.worksheetName.label" />
      </label>
      <div className="worksheet-name__row">
        <input
          id={inputId}
          className="field__input worksheet-name__input"
          value={draft}
          maxLength={WORKSHEET_NAME_MAX}
          aria-invalid={isEmpty || undefined}
          aria-describedby={isEmpty ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setEmpty(false);
          }}
          onKeyDown={handleKeyDown}
        />
        {isEdited && (
          <>
            <button type="submit" className="button button--primary">
              <FormattedMessage id="workbook.worksheetName.save" />
            </button>
            <button type="button" className="button button--secondary" onClick={cancel}>
              <FormattedMessage id="workbook.worksheetName.cancel" />
            </button>
          </>
        )}
      </div>
      {isEmpty && (
        <p id={errorId} className="field__error">
          <FormattedMessage id="workbook.worksheetName.empty" />
        </p>
      )}
    </form>
  );
}
