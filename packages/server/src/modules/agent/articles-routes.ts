import path from 'node:path';
import {
  agentArticleListQuerySchema,
  agentArticleListResponseSchema,
  agentArticlePaths,
  agentArticleResponseSchema,
  articleCreateRequestSchema,
  articleDraftDiscardQuerySchema,
  articleDraftRequestSchema,
  articleExportResponseSchema,
  articleIdParamsSchema,
  articlePreviewRequestSchema,
  articlePreviewResponseSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { previewHtml } from '../kb/article-file.ts';
import { publishedFiles } from '../kb/export.ts';
import {
  createArticle,
  discardDraft,
  listArticles,
  publishArticle,
  readArticle,
  saveDraft,
  unpublishArticle,
} from './articles.ts';
import { requireStaff } from './staff.ts';

const tags = ['agent'];
// Agents write drafts; only admins change what readers see (docs/agent.md "Articles").
const agents = { access: 'agent' } as const;
const admins = { access: 'admin' } as const;
const done = z.object({ status: z.literal('SUCCESS') });

export function agentArticleRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = { db: deps.db };
  return async (app) => {
    app.get(
      agentArticlePaths.list,
      {
        config: agents,
        schema: {
          tags,
          querystring: agentArticleListQuerySchema,
          response: { 200: agentArticleListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ status: 'SUCCESS' as const, ...(await listArticles(ctx, request.query)) }),
    );

    app.post(
      agentArticlePaths.list,
      {
        config: agents,
        schema: {
          tags,
          body: articleCreateRequestSchema,
          response: { 200: z.object({ status: z.literal('SUCCESS'), id: z.string() }), ...errorResponses },
        },
      },
      async (request) => ({
        status: 'SUCCESS' as const,
        id: await createArticle(ctx, requireStaff(request), request.body),
      }),
    );

    app.post(
      agentArticlePaths.preview,
      {
        config: agents,
        schema: {
          tags,
          body: articlePreviewRequestSchema,
          response: { 200: articlePreviewResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ status: 'SUCCESS' as const, html: previewHtml(request.body.body) }),
    );

    app.get(
      agentArticlePaths.one,
      {
        config: agents,
        schema: {
          tags,
          params: articleIdParamsSchema,
          response: { 200: agentArticleResponseSchema, ...errorResponses },
        },
      },
      async (request) => readArticle(ctx, request.params.id),
    );

    app.put(
      agentArticlePaths.draft,
      {
        config: agents,
        schema: {
          tags,
          params: articleIdParamsSchema,
          body: articleDraftRequestSchema,
          response: { 200: done, ...errorResponses },
        },
      },
      async (request) => {
        await saveDraft(ctx, requireStaff(request), request.params.id, request.body);
        return { status: 'SUCCESS' as const };
      },
    );

    app.delete(
      agentArticlePaths.draft,
      {
        config: agents,
        schema: {
          tags,
          params: articleIdParamsSchema,
          querystring: articleDraftDiscardQuerySchema,
          response: { 200: done, ...errorResponses },
        },
      },
      async (request) => {
        await discardDraft(ctx, requireStaff(request), request.params.id, request.query.locale);
        return { status: 'SUCCESS' as const };
      },
    );

    app.post(
      agentArticlePaths.publish,
      { config: admins, schema: { tags, params: articleIdParamsSchema, response: { 200: done, ...errorResponses } } },
      async (request) => {
        await publishArticle(ctx, requireStaff(request), request.params.id);
        return { status: 'SUCCESS' as const };
      },
    );

    app.post(
      agentArticlePaths.unpublish,
      { config: admins, schema: { tags, params: articleIdParamsSchema, response: { 200: done, ...errorResponses } } },
      async (request) => {
        await unpublishArticle(ctx, requireStaff(request), request.params.id);
        return { status: 'SUCCESS' as const };
      },
    );

    // The files a published article would be exported as (`npm run kb:export` writes them), relative to the
    // content folder's parent.
    app.get(
      agentArticlePaths.exportFiles,
      {
        config: admins,
        schema: {
          tags,
          params: articleIdParamsSchema,
          response: { 200: articleExportResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const root = path.dirname(deps.config.kbContentDir);
        const files = await publishedFiles(deps.db, deps.config.kbContentDir, [request.params.id]);
        return {
          status: 'SUCCESS' as const,
          files: files.map((f) => ({ path: path.relative(root, f.path), content: f.content })),
        };
      },
    );
  };
}
