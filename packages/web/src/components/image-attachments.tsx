import { documentUrl } from '@selfserve/contract';
import { type ChangeEvent, type DragEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../lib/i18n';
import { IMAGE_ACCEPT } from '../lib/upload-image';
import { Button } from './button';
import './image-attachments.css';
import type { Attachment } from '../lib/use-image-attachments';

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

// A phone or tablet (a coarse pointer) also gets "Take a photo", which opens the camera (capture).
const coarseQuery = '(pointer: coarse)';
const subscribeCoarse = (listener: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(coarseQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};
const isCoarse = () => typeof window.matchMedia === 'function' && window.matchMedia(coarseQuery).matches;
const notCoarse = () => false;

/**
 * The image picker (issue 14): a drop zone that takes dragged images, a button that opens the file chooser (and on
 * phones one that opens the camera), and the attached files' names where the browser would say "No file chosen".
 * The native inputs stay in the page, visually hidden and out of the tab order: the buttons are the controls. Each
 * chosen file uploads at once; thumbnails come back from the server.
 */
export function ImageAttachments(props: ImageAttachmentsProps) {
  const { attachments, onAdd, onRemove, full, max, sizeMb, required, notice, error, disabled } = props;
  const { t } = useI18n();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const namesId = `${inputId}-names`;
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);
  const phone = useSyncExternalStore(subscribeCoarse, isCoarse, notCoarse);
  const blocked = disabled || full;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after removing it) fires a change.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = blocked ? 'none' : 'copy';
    if (!blocked) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Leaving for a child of the zone is not leaving the zone.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (blocked) return;
    const files = Array.from(event.dataTransfer.files);
    // The same checks as chosen files: a file that is not an image is refused with the spec's message.
    if (files.length > 0) onAdd(files);
  };

  const message = error ?? notice;
  const names = attachments.map((a) => a.name).join(', ');
  const describedBy = [hintId, namesId, message ? errorId : null].filter(Boolean).join(' ');
  const hiddenInput = {
    className: 'visually-hidden',
    type: 'file',
    tabIndex: -1,
    'aria-hidden': true,
    disabled: blocked,
    onChange,
  } as const;

  return (
    <fieldset className="field issue-form__images" data-testid="issue-images">
      <legend>{required ? t('tickets.form.imagesRequired') : t('tickets.form.imagesLabel')}</legend>
      <p id={hintId} className="field-hint">
        {t('tickets.form.imagesHint', { max, size: sizeMb })}
      </p>
      {/* Dropping is the pointer's shortcut; the keyboard's is the button inside, so the zone itself is no control. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: drag-and-drop only, the button is the accessible control */}
      <div
        className={`file-drop${dragging ? ' file-drop--over' : ''}${blocked ? ' file-drop--off' : ''}${error ? ' file-drop--invalid' : ''}`}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        data-dragging={dragging ? 'true' : undefined}
      >
        <svg
          className="file-drop__icon"
          aria-hidden="true"
          focusable="false"
          width="28"
          height="28"
          viewBox="0 0 24 24"
        >
          <path
            fill="currentColor"
            d="M19 5v14H5V5h14m0-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm-4.86 8.86-3 3.87L9 13.14 6 17h12l-3.86-5.14z"
          />
        </svg>
        <p className="file-drop__hint">{dragging ? t('filePicker.dropNow') : t('filePicker.dropHint')}</p>
        <div className="file-drop__actions">
          <button
            ref={chooseButton}
            type="button"
            className="button button--secondary"
            disabled={blocked}
            aria-describedby={describedBy}
            onClick={() => input.current?.click()}
            data-testid="image-choose"
          >
            {t('tickets.form.addImages')}
          </button>
          {phone ? (
            <Button
              variant="secondary"
              disabled={blocked}
              aria-describedby={describedBy}
              onClick={() => camera.current?.click()}
              data-testid="image-camera"
            >
              {t('filePicker.takePhoto')}
            </Button>
          ) : null}
        </div>
        <p id={namesId} className="file-drop__names" aria-live="polite" data-testid="image-names">
          {names ? t('filePicker.attached', { names }) : t('filePicker.none')}
        </p>
        <input
          {...hiddenInput}
          ref={input}
          id={inputId}
          accept={IMAGE_ACCEPT}
          multiple={max > 1}
          data-testid="image-input"
        />
        {phone ? (
          <input {...hiddenInput} ref={camera} accept="image/*" capture="environment" data-testid="camera-input" />
        ) : null}
      </div>
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
                  // Focus stays in the picker: on its button (enabled again now there is room).
                  requestAnimationFrame(() => chooseButton.current?.focus());
                }}
                disabled={disabled}
              >
                {t('tickets.form.removeImage', { name: a.name })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
