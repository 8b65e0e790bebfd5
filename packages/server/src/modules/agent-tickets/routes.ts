import {
  agentActionResponseSchema,
  agentAssignPayloadSchema,
  agentMessagePayloadSchema,
  agentStatusPayloadSchema,
  agentTicketDetailSchema,
  agentTicketListQuerySchema,
  agentTicketListResponseSchema,
  agentTicketParamsSchema,
  agentTicketPaths,
  cannedRepliesQuerySchema,
  cannedRepliesResponseSchema,
  cannedReplyParamsSchema,
  cannedReplyPayloadSchema,
  cannedReplyResponseSchema,
  riderReplyPayloadSchema,
  ticketThreadPaths,
  ticketThreadResponseSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { requireStaff } from '../agent/staff.ts';
import { createCanned, deleteCanned, listCanned, updateCanned } from './canned.ts';
import {
  assignTicket,
  changeStatus,
  postAgentMessage,
  queue,
  riderReply,
  riderThread,
  ticketDetail,
} from './service.ts';

const tags = ['agent'];
const agent = { access: 'agent' } as const;
const admin = { access: 'admin' } as const;
const ok = z.object({ status: z.literal('SUCCESS') });

/** The ticket inbox of the agent console, canned replies, and the rider's thread (docs/agent.md "Tickets"). */
export function agentTicketRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      agentTicketPaths.list,
      {
        config: agent,
        schema: {
          tags,
          querystring: agentTicketListQuerySchema,
          response: { 200: agentTicketListResponseSchema, ...errorResponses },
        },
      },
      (request) => queue(db, requireStaff(request), request.query),
    );
    app.get(
      agentTicketPaths.ticket,
      {
        config: agent,
        schema: {
          tags,
          params: agentTicketParamsSchema,
          response: { 200: agentTicketDetailSchema, ...errorResponses },
        },
      },
      (request) => ticketDetail(db, requireStaff(request), request.params.ticket_id),
    );
    app.post(
      agentTicketPaths.assign,
      {
        config: agent,
        schema: {
          tags,
          params: agentTicketParamsSchema,
          body: agentAssignPayloadSchema,
          response: { 200: agentActionResponseSchema, ...errorResponses },
        },
      },
      (request) => assignTicket(db, requireStaff(request), request.params.ticket_id, request.body.assignee_id),
    );
    app.post(
      agentTicketPaths.status,
      {
        config: agent,
        schema: {
          tags,
          params: agentTicketParamsSchema,
          body: agentStatusPayloadSchema,
          response: { 200: agentActionResponseSchema, ...errorResponses },
        },
      },
      (request) => changeStatus(db, requireStaff(request), request.params.ticket_id, request.body.status),
    );
    app.post(
      agentTicketPaths.messages,
      {
        config: agent,
        schema: {
          tags,
          params: agentTicketParamsSchema,
          body: agentMessagePayloadSchema,
          response: { 200: agentActionResponseSchema, ...errorResponses },
        },
      },
      (request) => postAgentMessage(deps, requireStaff(request), request.params.ticket_id, request.body, request.log),
    );

    app.get(
      agentTicketPaths.cannedReplies,
      {
        config: agent,
        schema: {
          tags,
          querystring: cannedRepliesQuerySchema,
          response: { 200: cannedRepliesResponseSchema, ...errorResponses },
        },
      },
      (request) => {
        requireStaff(request);
        return listCanned(db, request.query.language);
      },
    );
    app.post(
      agentTicketPaths.cannedReplies,
      {
        config: admin,
        schema: {
          tags,
          body: cannedReplyPayloadSchema,
          response: { 200: cannedReplyResponseSchema, ...errorResponses },
        },
      },
      (request) => createCanned(db, requireStaff(request), request.body),
    );
    app.put(
      agentTicketPaths.cannedReply,
      {
        config: admin,
        schema: {
          tags,
          params: cannedReplyParamsSchema,
          body: cannedReplyPayloadSchema,
          response: { 200: cannedReplyResponseSchema, ...errorResponses },
        },
      },
      (request) => updateCanned(db, requireStaff(request), request.params.id, request.body),
    );
    app.delete(
      agentTicketPaths.cannedReply,
      {
        config: admin,
        schema: { tags, params: cannedReplyParamsSchema, response: { 200: ok, ...errorResponses } },
      },
      (request) => deleteCanned(db, requireStaff(request), request.params.id),
    );

    // The rider's side: their own tickets only (another's is 404).
    app.get(
      ticketThreadPaths.thread,
      {
        config: { access: 'user' },
        schema: {
          tags: ['tickets'],
          params: agentTicketParamsSchema,
          response: { 200: ticketThreadResponseSchema, ...errorResponses },
        },
      },
      (request) => riderThread(db, requireUser(request), request.params.ticket_id),
    );
    app.post(
      ticketThreadPaths.replies,
      {
        config: { access: 'user' },
        schema: {
          tags: ['tickets'],
          params: agentTicketParamsSchema,
          body: riderReplyPayloadSchema,
          response: { 200: agentActionResponseSchema, ...errorResponses },
        },
      },
      (request) => riderReply(db, requireUser(request), request.params.ticket_id, request.body),
    );
  };
}
