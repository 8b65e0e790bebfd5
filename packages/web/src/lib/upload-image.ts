import {
  FILETYPE_HEADER,
  formatMessage,
  SVG_LIMIT,
  UPLOAD_FIELD,
  type UploadLimit,
  type UploadResponse,
  uploadLimits,
  uploadPaths,
} from '@selfserve/contract';
import { ApiError } from './api-client';
import { upload } from './upload-client';

/** The types the server accepts (guided-flows.md §5: gif, jpeg, png, jpg, svg). */
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml'];
const ACCEPTED_EXTENSIONS = /\.(png|jpe?g|gif|svg)$/i;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/svg+xml,.png,.jpg,.jpeg,.gif,.svg';

/**
 * The limit's own message when a file is plainly too large or not an image, so it is not sent at all;
 * null when it may go (the server still decides from the file's first bytes).
 */
export function checkImage(file: File, limit: UploadLimit): string | null {
  const typeOk = ACCEPTED_TYPES.includes(file.type) || (file.type === '' && ACCEPTED_EXTENSIONS.test(file.name));
  // The server rebuilds SVGs and takes them up to 1 MB only (docs/uploads.md).
  const svg = file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);
  const max = svg ? Math.min(SVG_LIMIT, uploadLimits[limit].bytes) : uploadLimits[limit].bytes;
  if (!typeOk || file.size > max) return formatMessage(uploadLimits[limit].refusal);
  return null;
}

export interface UploadImageOptions {
  limit?: UploadLimit;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/v1/documents (multipart `file`, x-filetype: image): the new document's id. Failures carry the
 * spec's texts: the server's size/type message (413, 415), 'Image Upload failed' for any other refusal,
 * 'Something went Wrong! Please try again later.' when no answer or no document id came back.
 */
export async function uploadImage(file: File, options: UploadImageOptions = {}): Promise<string> {
  const limit = options.limit ?? '10mb';
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  let response: UploadResponse | undefined;
  try {
    response = await upload<UploadResponse>(uploadPaths.documents, form, {
      headers: { [FILETYPE_HEADER]: 'image' },
      query: { limit },
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 413 || error.status === 415) throw error;
    if (error.status >= 400 && error.status < 500) {
      throw new ApiError(error.status, 'imageUploadFailed', formatMessage('imageUploadFailed'));
    }
    throw new ApiError(error.status, 'uploadSomethingWrong', formatMessage('uploadSomethingWrong'));
  }
  const id = response?.id?.document_id;
  if (typeof id !== 'string' || id === '')
    throw new ApiError(200, 'uploadSomethingWrong', formatMessage('uploadSomethingWrong'));
  return id;
}
