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
  const { worksheetIndex, renameWorksheet, save } = workbook;
  // Another worksheet starts the editor afresh.
  return (
    <NameForm
      key={current._id}
      name={current.name}
      onRename={(name, options) => renameWorksheet(worksheetIndex, name, options)}
      onCommit={save}
    />
  );
}

interface NameFormProps {
  name: string;
  /** Renames at once; `save` sends it now, else at the next save. */
  onRename: (name: string, options: { save: boolean }) => void;
  /** Saves what changed (Enter, leaving the box). */
  onCommit: () => void;
}

/**
 * The name as a text field would be (issue 15, point 14): what is typed applies at once, so the
 * worksheet selector follows and the save status says "Unsaved changes" rather than "saved", and
 * is saved on Enter and when the box loses focus. Escape puts back the name it had when the
 * learner came in; an empty name is refused (the one before is kept).
 */
function NameForm({ name, onRename, onCommit }: NameFormProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState(name);
  const [shown, setShown] = useState(name);
  const [original, setOriginal] = useState<string | null>(null);
  const isEditing = original !== null;
  const isEmpty = !draft.trim();

  // A rename from elsewhere (another device) replaces the name while the learner is not typing.
  if (shown !== name) {
    setShown(name);
    if (!isEditing) setDraft(name);
  }

  function change(text: string) {
    setDraft(text);
    if (text.trim()) onRename(text, { save: false });
  }

  function commit(event?: FormEvent) {
    event?.preventDefault();
    if (isEmpty) {
      // Nothing to name it: the name it had comes back.
      const before = original ?? name;
      setDraft(before);
      if (before !== name) onRename(before, { save: true });
      else onCommit();
      if (event) setOriginal(before);
      return;
    }
    setDraft(draft.trim());
    onCommit();
    // After Enter, Escape goes back to the name just saved.
    if (event) setOriginal(draft.trim());
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape' || original === null || draft === original) return;
    event.preventDefault();
    setDraft(original);
    onRename(original, { save: true });
  }

  return (
    <form className="worksheet-name" onSubmit={commit} noValidate>
      <label className="worksheet-name__label" htmlFor={inputId}>
        <FormattedMessage id="workbook.worksheetName.label" />
      </label>
      <input
        id={inputId}
        className="field__input worksheet-name__input"
        value={draft}
        maxLength={WORKSHEET_NAME_MAX}
        enterKeyHint="done"
        aria-invalid={isEmpty || undefined}
        aria-describedby={isEmpty ? `${errorId} ${hintId}` : hintId}
        onFocus={() => setOriginal(name)}
        onChange={(event) => change(event.target.value)}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          commit();
          setOriginal(null);
        }}
      />
      <p id={hintId} className="worksheet-name__hint">
        <FormattedMessage id="workbook.worksheetName.hint" />
      </p>
      {isEmpty && (
        <p id={errorId} className="field__error">
          <FormattedMessage id="workbook.worksheetName.empty" />
        </p>
      )}
    </form>
  );
}
