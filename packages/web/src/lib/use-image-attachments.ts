import { formatMessage, type UploadLimit } from '@selfserve/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from './api-client';
import { checkImage, uploadImage } from './upload-image';

/** One chosen image: uploading (with progress), uploaded (document id) or refused (the spec's message). */
export interface Attachment {
  localId: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  /** 0 to 1 */
  progress: number;
  documentId: string | null;
  error: string | null;
}

let nextLocalId = 0;

/**
 * The issue form's images: each file is uploaded as soon as it is chosen, up to `max` images at a time
 * (refused ones do not count). Removing an image that is still uploading stops its upload.
 */
export function useImageAttachments({ max, limit }: { max: number; limit: UploadLimit }) {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const current = useRef<Attachment[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const commit = useCallback((update: (list: Attachment[]) => Attachment[]) => {
    current.current = update(current.current);
    setAttachments(current.current);
  }, []);
  const patch = useCallback(
    (localId: string, changes: Partial<Attachment>) =>
      commit((list) => list.map((a) => (a.localId === localId ? { ...a, ...changes } : a))),
    [commit],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const counted = current.current.filter((a) => a.status !== 'error').length;
      const room = Math.max(0, max - counted);
      setNotice(files.length > room ? formatMessage('tooManyImages', { n: max }) : null);
      for (const file of files.slice(0, room)) {
        nextLocalId += 1;
        const localId = `img-${nextLocalId}`;
        const refused = checkImage(file, limit);
        const base = { localId, name: file.name, progress: 0, documentId: null, error: refused };
        if (refused) {
          commit((list) => [...list, { ...base, status: 'error' }]);
          continue;
        }
        commit((list) => [...list, { ...base, status: 'uploading' }]);
        const controller = new AbortController();
        controllers.current.set(localId, controller);
        uploadImage(file, {
          limit,
          signal: controller.signal,
          onProgress: (progress) => patch(localId, { progress }),
        })
          .then((documentId) => patch(localId, { status: 'done', progress: 1, documentId }))
          .catch((error: unknown) => {
            if (error instanceof DOMException && error.name === 'AbortError') return;
            const message = error instanceof ApiError ? error.text : formatMessage('uploadSomethingWrong');
            patch(localId, { status: 'error', error: message });
          })
          .finally(() => controllers.current.delete(localId));
      }
    },
    [max, limit, commit, patch],
  );

  const remove = useCallback(
    (localId: string) => {
      controllers.current.get(localId)?.abort();
      commit((list) => list.filter((a) => a.localId !== localId));
      setNotice(null);
    },
    [commit],
  );

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    commit(() => []);
    setNotice(null);
  }, [commit]);

  // Leaving the page stops what is still uploading.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const documentIds = useMemo(
    () => attachments.flatMap((a) => (a.status === 'done' && a.documentId ? [a.documentId] : [])),
    [attachments],
  );
  const uploading = attachments.some((a) => a.status === 'uploading');
  const full = attachments.filter((a) => a.status !== 'error').length >= max;

  return { attachments, documentIds, uploading, full, notice, add, remove, clear };
}
