import { z } from 'zod';
import type { PlainMessageCode } from './messages.ts';
import { IMAGE_LIMIT_LARGE, IMAGE_LIMIT_SMALL } from './tickets.ts';

/**
 * Image upload (spec core.md §7: "multipart file to the support service's documents path with an
 * x-filetype header; answers id.document_id"). The spec does not show the path; this is ours (docs/uploads.md).
 */
export const uploadPaths = {
  documents: '/api/v1/documents',
  document: '/api/v1/documents/:id',
} as const;

/** Where an uploaded document can be fetched back (its uploader only). */
export function documentUrl(documentId: string): string {
  return `${uploadPaths.documents}/${encodeURIComponent(documentId)}`;
}

export const FILETYPE_HEADER = 'x-filetype';
/** The multipart field the file travels in. */
export const UPLOAD_FIELD = 'file';

/**
 * Two limits (guided-flows.md §5): structured e-mail and desktop uploads under 5 MB, the shared
 * upload component 10 MB. Exactly the limit is allowed. Each mode answers with its own message,
 * both for a wrong type and for a file too large.
 */
export const uploadLimitSchema = z.enum(['5mb', '10mb']);
export type UploadLimit = z.infer<typeof uploadLimitSchema>;
export const uploadLimits: Readonly<Record<UploadLimit, { bytes: number; refusal: PlainMessageCode }>> = {
  '5mb': { bytes: IMAGE_LIMIT_SMALL, refusal: 'imageTooLarge5' },
  '10mb': { bytes: IMAGE_LIMIT_LARGE, refusal: 'imageWrongOrTooLarge10' },
};

/**
 * An SVG is parsed and rebuilt on the server, which costs about 1.5 s of CPU and 300 MB of memory for
 * 10 MB of markup; real drawings are far smaller, so SVGs stop at 1 MB (docs/uploads.md). Over it
 * counts as too large, with the mode's message.
 */
export const SVG_LIMIT = 1024 * 1024;

/**
 * Pixel caps of a raster image (PNG, JPEG, GIF), read from its header without decoding it: a tiny file
 * can claim 20,000 × 20,000 pixels, which a browser or an agent's viewer would try to hold in memory
 * (1.6 GB at 4 bytes a pixel). 12,000 px a side and 50 megapixels in all take any phone or camera photo.
 * Over either cap the upload is refused (413) with messages.uploadTooManyPixels (docs/uploads.md).
 */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

export const uploadQuerySchema = z.object({ limit: uploadLimitSchema.default('10mb') });

export const uploadResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  id: z.object({ document_id: z.string() }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** The types accepted, as detected from the file's first bytes (never its name). */
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];
