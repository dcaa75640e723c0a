import '../workbook.css';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/modal-dialog';
import { useTopicWorkbook } from '../../../lib/workbook';

/**
 * The worksheets of a topic that allows several, in the topic layout's sidebar: choose one
 * (every answer switches), add one ("New Worksheet", selected) below the organisation's cap,
 * remove the current one after a confirmation (never the last).
 */
export function WorksheetSelector() {
  const intl = useIntl();
  const workbook = useTopicWorkbook();
  const headingId = useId();
  const selectId = useId();
  const addNoteId = useId();
  const removeNoteId = useId();
  const [isConfirming, setConfirming] = useState(false);

  const current = workbook.worksheets[workbook.worksheetIndex];
  const remove = () => {
    setConfirming(false);
    workbook.removeWorksheet(workbook.worksheetIndex);
  };

  return (
    <section className="worksheet-selector surface-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="worksheet-selector__title">
        <FormattedMessage id="workbook.worksheets.title" />
      </h2>
      <label className="worksheet-selector__label" htmlFor={selectId}>
        <FormattedMessage id="workbook.worksheets.current" />
      </label>
      <select
        id={selectId}
        className="field__input worksheet-selector__select"
        value={workbook.worksheetIndex}
        onChange={(event) => workbook.selectWorksheet(Number(event.target.value))}
      >
        {workbook.worksheets.map((sheet, index) => (
          <option key={sheet._id} value={index}>
            {intl.formatMessage(
              { id: 'workbook.worksheets.option' },
              { position: index + 1, name: sheet.name },
            )}
          </option>
        ))}
      </select>
      <div className="worksheet-selector__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!workbook.canAddWorksheet}
          aria-describedby={workbook.canAddWorksheet ? undefined : addNoteId}
          onClick={workbook.addWorksheet}
        >
          <FormattedMessage id="workbook.worksheets.add" />
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={!workbook.canRemoveWorksheet}
          aria-describedby={workbook.canRemoveWorksheet ? undefined : removeNoteId}
          onClick={() => setConfirming(true)}
        >
          <FormattedMessage id="workbook.worksheets.remove" />
        </button>
      </div>
      {!workbook.canAddWorksheet && (
        <p id={addNoteId} className="worksheet-selector__note">
          <FormattedMessage
            id="workbook.worksheets.atCap"
            values={{ max: workbook.maxWorksheets }}
          />
        </p>
      )}
      {!workbook.canRemoveWorksheet && (
        <p id={removeNoteId} className="worksheet-selector__note">
          <FormattedMessage id="workbook.worksheets.keepOne" />
        </p>
      )}
      <ModalDialog
        open={isConfirming}
        onClose={() => setConfirming(false)}
        title={<FormattedMessage id="workbook.worksheets.confirmTitle" />}
        closeLabel={intl.formatMessage({ id: 'workbook.worksheets.confirmClose' })}
      >
        <p>
          <FormattedMessage
            id="workbook.worksheets.confirmBody"
            values={{ name: current?.name ?? '' }}
          />
        </p>
        <div className="form__actions">
          <button type="button" className="button button--danger" onClick={remove}>
            <FormattedMessage id="workbook.worksheets.confirmRemove" />
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirming(false)}
          >
            <FormattedMessage id="workbook.worksheets.confirmCancel" />
          </button>
        </div>
      </ModalDialog>
    </section>
  );
}
