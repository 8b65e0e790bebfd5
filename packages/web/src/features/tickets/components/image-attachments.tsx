import { documentUrl } from '@selfserve/contract';
import { type ChangeEvent, useId, useRef } from 'react';
import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/i18n';
import { IMAGE_ACCEPT } from '../api/upload-image';
import type { Attachment } from '../hooks/use-image-attachments';

export interface ImageAttachmentsProps {
  attachments: readonly Attachment[];
  onAdd: (files: File[]) => void;
  onRemove: (localId: string) => void;
  /** At the limit: no more files can be chosen. */
  full: boolean;
  max: number;
  sizeMb: number;
  required: boolean;
  /** '* You can only upload {n} images' after choosing more than there is room for. */
  notice: string | null;
  /** The form's message for the images field. */
  error: string | undefined;
  disabled: boolean;
}

/** The image picker: each chosen file uploads at once; thumbnails come back from the server. */
export function ImageAttachments(props: ImageAttachmentsProps) {
  const { attachments, onAdd, onRemove, full, max, sizeMb, required, notice, error, disabled } = props;
  const { t } = useI18n();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after removing it) fires a change.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };

  const message = error ?? notice;
  return (
    <div className="field issue-form__images" data-testid="issue-images">
      <label htmlFor={inputId}>{required ? t('tickets.form.imagesRequired') : t('tickets.form.imagesLabel')}</label>
      <p id={hintId} className="field-hint">
        {t('tickets.form.imagesHint', { max, size: sizeMb })}
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={max > 1}
        disabled={disabled || full}
        aria-describedby={message ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={onChange}
        data-testid="image-input"
      />
      {message ? (
        <p id={errorId} className="field-error" role="alert" data-testid="images-error">
          {message}
        </p>
      ) : null}
      {attachments.length > 0 ? (
        <ul className="issue-form__thumbs" aria-label={t('tickets.form.imagesLabel')}>
          {attachments.map((a) => (
            <li
              key={a.localId}
              className={`issue-form__thumb issue-form__thumb--${a.status}`}
              data-testid="attachment"
              data-status={a.status}
            >
              {a.status === 'done' && a.documentId ? (
                <img src={documentUrl(a.documentId)} alt={t('tickets.form.imageAlt', { name: a.name })} />
              ) : (
                <span className="issue-form__thumb-placeholder" aria-hidden="true" />
              )}
              <span className="issue-form__thumb-name">{a.name}</span>
              {a.status === 'uploading' ? (
                <progress
                  max={100}
                  value={Math.round(a.progress * 100)}
                  aria-label={t('tickets.form.uploading', { percent: Math.round(a.progress * 100) })}
                />
              ) : null}
              {a.status === 'error' && a.error ? (
                <span className="field-error" role="alert" data-testid="attachment-error">
                  {a.error}
                </span>
              ) : null}
              <Button
                variant="link"
                onClick={() => {
                  onRemove(a.localId);
                  input.current?.focus();
                }}
                disabled={disabled}
              >
                {t('tickets.form.removeImage', { name: a.name })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
