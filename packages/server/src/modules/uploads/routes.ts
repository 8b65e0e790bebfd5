import fastifyMultipart from '@fastify/multipart';
import {
  coded,
  FILETYPE_HEADER,
  imageContentTypes,
  UPLOAD_FIELD,
  uploadLimits,
  uploadPaths,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@selfserve/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findOwnDocument } from './repo.ts';
import { receiveImage, recordDocument, sweepUnattachedUploads, UPLOAD_SWEEP_EVERY_MS } from './service.ts';

const tags = ['uploads'];

/**
 * Served with every document, set by the handler so that it replaces any site-wide policy: the document
 * can load nothing but images of this site, run nothing (sandbox), and only inline styles apply (an SVG's
 * presentation attributes). Nobody may frame it: the app shows documents with <img>, and when FRAME_ANCESTORS
 * lets a partner frame the app there is no X-Frame-Options to stop a page framing a document instead.
 */
export const DOCUMENT_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

/**
 * `inline` for the accepted image types, `attachment` for anything else (never expected: the type is
 * the one detected at upload). The file name is plain ASCII — the uploaded name's letters, digits, '-'
 * and '_', every other run of characters one '_' — with the extension of the detected type, so a PNG
 * uploaded as setup.exe is saved as setup.png, and nothing in the name can break out of the quotes.
 */
export function contentDisposition(fileName: string, contentType: string): string {
  const image = (imageContentTypes as readonly string[]).includes(contentType);
  const stem =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 64) || 'image';
  return `${image ? 'inline' : 'attachment'}; filename="${stem}.${EXTENSIONS[contentType] ?? 'bin'}"`;
}

/**
 * Checked before a byte of the body is read (after the access hook has refused anyone not signed in): a header-less
 * upload is refused without reading what may be megabytes of file.
 */
async function uploadPreconditions(request: FastifyRequest) {
  const fileType = request.headers[FILETYPE_HEADER];
  if (typeof fileType !== 'string' || fileType.trim().toLowerCase() !== 'image') {
    throw new AppError('VALIDATION_FAILED', coded('uploadFileTypeHeader'));
  }
}

/**
 * Image uploads (docs/uploads.md). The bytes go to the backend chosen by UPLOAD_STORAGE; `storage`
 * replaces it for tests or another backend.
 */
export function uploadsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, documents } = deps;

  return async (app) => {
    // Abandoned uploads are dropped hourly; the timer never keeps the process alive.
    const sweep = setInterval(() => {
      sweepUnattachedUploads(db, documents).then(
        (n) => n > 0 && app.log.info({ uploads: n }, 'unattached uploads removed'),
        (err: unknown) => app.log.error({ err }, 'upload sweep failed'),
      );
    }, UPLOAD_SWEEP_EVERY_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));

    // Registered in this plugin only: no other route accepts multipart bodies by accident.
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

    app.post(
      uploadPaths.documents,
      {
        config: { access: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        onRequest: uploadPreconditions,
        schema: { tags, querystring: uploadQuerySchema, response: { 200: uploadResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const limit = uploadLimits[request.query.limit];
        if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', coded('uploadNotMultipart'));

        let part: Awaited<ReturnType<typeof request.file>>;
        try {
          // busboy stops the file at the limit (exactly the limit passes) and marks it truncated.
          part = await request.file({ limits: { fileSize: limit.bytes }, throwFileSizeLimit: false });
        } catch (err) {
          request.log.info({ err }, 'unreadable multipart upload');
          throw new AppError('VALIDATION_FAILED', coded('uploadNotMultipart'));
        }
        if (!part) throw new AppError('VALIDATION_FAILED', coded('uploadNotMultipart'));
        if (part.fieldname !== UPLOAD_FIELD) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', coded('uploadNotMultipart'));
        }

        const file = part.file;
        const result = await receiveImage(file, documents, () => file.truncated);
        if (!result.ok) {
          if (result.reason === 'incomplete') throw new AppError('VALIDATION_FAILED', coded('imageUploadFailed'));
          // 413 like a file too large (the web shows the server's text for 413 and 415), with its own message.
          if (result.reason === 'pixels') throw new AppError('PAYLOAD_TOO_LARGE', coded('uploadTooManyPixels'));
          throw new AppError(
            result.reason === 'size' ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
            coded(limit.refusal),
          );
        }
        const documentId = await recordDocument(db, documents, userId, part.filename, result);
        return { status: 'SUCCESS' as const, id: { document_id: documentId } };
      },
    );

    app.get(
      uploadPaths.document,
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: z.object({ id: z.string().max(100) }),
          // A stream is sent as it is; Fastify never runs a serializer on it.
          response: {
            200: z.any().describe('the image bytes, with the content type found at upload'),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const userId = requireUser(request).id;
        const doc = await findOwnDocument(db, userId, request.params.id);
        const stored = doc ? await documents.get(doc.storage_key) : null;
        if (!doc || !stored) {
          if (doc) request.log.warn({ documentId: doc.id }, 'document row without stored bytes');
          throw new AppError('NOT_FOUND');
        }
        // Set here, in the handler, so they win over headers a site-wide plugin (helmet) set earlier.
        return (
          reply
            // The type found by sniffing at upload; never the client's, never guessed by the browser.
            .header('content-type', doc.content_type)
            .header('content-length', stored.size)
            .header('x-content-type-options', 'nosniff')
            .header('content-disposition', contentDisposition(doc.file_name, doc.content_type))
            // Even opened directly, a document can run nothing and load nothing from elsewhere.
            .header('content-security-policy', DOCUMENT_CSP)
            .header('cross-origin-resource-policy', 'same-origin')
            .header('cache-control', 'private, no-store')
            .send(stored.body)
        );
      },
    );
  };
}
