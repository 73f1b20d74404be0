import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FILE_LIMITS, fileMessages, type DocumentAttachment, type SubmissionProblem } from '@planning/shared';
import { ERROR_SUMMARY_ID } from './formParts';
import { useAttachments, useRemoveAttachment, useUploadAttachments } from './submissionApi';
import { fileSize } from '../../shared/files/fileSize';
import { DOCUMENTS_FIELD, MY_SUBMISSIONS, stepHref } from './submissionForm';
import { StepFrame, type Editor } from './StepFrame';

/**
 * Issue 27 point 2: Supporting documents, GOV.UK's file upload. The submitter adds site plans,
 * title documents or letters to the draft (each kept at once: there is nothing to save) and
 * removes them; a file the server refuses (its type, its size, a draft it can no longer change)
 * is said in the error summary in the server's words. The server scans what it keeps.
 */

export const NO_FILE_CHOSEN = 'Select a file to upload';

const problemOf = (message: string): SubmissionProblem => ({ path: 'attachments', message });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The limits the server holds uploads to, checked first so a large file is not sent for nothing. */
function tooMuch(files: readonly File[]): string | null {
  if (files.length > FILE_LIMITS.maxFiles) return fileMessages.tooManyFiles;
  if (files.some((file) => file.size > FILE_LIMITS.maxFileBytes)) return fileMessages.fileTooLarge;
  if (files.reduce((sum, file) => sum + file.size, 0) > FILE_LIMITS.maxTotalBytes)
    return fileMessages.totalTooLarge;
  return null;
}

/** What the submitter is told of a file's scan: only a verdict that concerns them. */
const scanNote = (attachment: DocumentAttachment) =>
  attachment.scanStatus === 'quarantined'
    ? fileMessages.quarantinedNote
    : attachment.scanStatus === 'fail'
      ? fileMessages.scanFailed
      : null;

export function DocumentsStep({ editor }: { editor: Editor }) {
  const { submission } = editor;
  const attachments = useAttachments(submission.id);
  const upload = useUploadAttachments(submission.id);
  const remove = useRemoveAttachment(submission.id);
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<SubmissionProblem[]>([]);
  const [shown, setShown] = useState(0);
  const [said, setSaid] = useState('');
  // Buttons are not disabled while busy (a disabled button drops the keyboard's focus): a second press is ignored.
  const busy = upload.isPending || remove.isPending;
  const files = attachments.data?.attachments ?? [];
  const error = problems[0]?.message;
  useEffect(() => {
    if (shown === 0) return;
    const summary = document.getElementById(ERROR_SUMMARY_ID);
    summary?.focus();
    summary?.scrollIntoView({ block: 'start' });
  }, [shown]);
  const refuse = (message: string) => {
    setSaid('');
    setProblems([problemOf(message)]);
    setShown((count) => count + 1);
  };
  const handleUpload = async () => {
    if (busy) return;
    const chosen = [...(input.current?.files ?? [])];
    if (chosen.length === 0) return refuse(NO_FILE_CHOSEN);
    const limit = tooMuch(chosen);
    if (limit) return refuse(limit);
    try {
      const added = await upload.mutateAsync(chosen);
      setProblems([]);
      if (input.current) input.current.value = '';
      const names = added.attachments.map((file) => file.name);
      setSaid(`${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} been added`);
    } catch (failure) {
      refuse(messageOf(failure));
    }
  };
  const handleRemove = async (attachment: DocumentAttachment) => {
    if (busy) return;
    try {
      await remove.mutateAsync(attachment.id);
      setProblems([]);
      setSaid(`${attachment.name} has been removed`);
      // Its Remove button is gone: the upload field is where to carry on.
      requestAnimationFrame(() => input.current?.focus());
    } catch (failure) {
      refuse(`${attachment.name} could not be removed: ${messageOf(failure)}`);
    }
  };
  return (
    <StepFrame
      editor={editor}
      back={stepHref(submission.id, 'sites')}
      title="Supporting documents"
      problems={problems}
    >
      <p>
        You can add documents that support your sites, such as site plans, title documents, photographs or
        letters from other owners. This is optional.
      </p>
      {attachments.isError && (
        <p className="calls-public__inset">
          Your documents could not be loaded: {messageOf(attachments.error)}. Reload the page to try again.
        </p>
      )}
      {files.length > 0 && (
        <>
          <h2 className="cfs-heading-m">
            {files.length === 1 ? '1 document added' : `${files.length} documents added`}
          </h2>
          <dl className="cfs-summary-list cfs-file-list">
            {files.map((file) => (
              <div className="cfs-summary-list__row" key={file.id}>
                <dt className="cfs-summary-list__key">{file.name}</dt>
                <dd className="cfs-summary-list__value">
                  {fileSize(file.size)}
                  {scanNote(file) && (
                    <span className="cfs-error-message cfs-file-list__note">{scanNote(file)}</span>
                  )}
                </dd>
                <dd className="cfs-summary-list__actions">
                  <button type="button" className="cfs-link-button" onClick={() => void handleRemove(file)}>
                    Remove<span className="cfs-visually-hidden"> {file.name}</span>
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <p className="cfs-status-line" role="status">
        {said}
      </p>
      <div className={`cfs-field${error ? ' cfs-field--error' : ''}`}>
        <label className="cfs-label" htmlFor={DOCUMENTS_FIELD}>
          {files.length ? 'Upload another document' : 'Upload a document'}
        </label>
        <div className="cfs-hint" id={`${DOCUMENTS_FIELD}-hint`}>
          {fileMessages.uploadHint}
        </div>
        {error && (
          <p className="cfs-error-message" id={`${DOCUMENTS_FIELD}-error`}>
            <span className="cfs-visually-hidden">Error:</span> {error}
          </p>
        )}
        <input
          ref={input}
          id={DOCUMENTS_FIELD}
          className={`cfs-file${error ? ' cfs-input--error' : ''}`}
          type="file"
          multiple
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          aria-describedby={`${DOCUMENTS_FIELD}-hint${error ? ` ${DOCUMENTS_FIELD}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          disabled={editor.callClosed}
        />
      </div>
      <button
        type="button"
        className="cfs-button cfs-button--secondary"
        disabled={editor.callClosed}
        onClick={() => void handleUpload()}
      >
        Upload file
      </button>
      {upload.isPending && <p className="cfs-hint">Uploading…</p>}
      <div className="cfs-button-group">
        <Link className="cfs-button" to={stepHref(submission.id, 'check')}>
          Continue to check your answers
        </Link>
        <Link to={MY_SUBMISSIONS}>Come back later</Link>
      </div>
    </StepFrame>
  );
}
