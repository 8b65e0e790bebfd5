import {
  agentSettingsPaths,
  callUsLineParamsSchema,
  callUsLineResponseSchema,
  callUsLinesResponseSchema,
  callUsLineUpdateSchema,
  masterSwitchesSchema,
  switchesResponseSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { requireStaff } from '../agent/staff.ts';
import { callUsLines, currentSwitches, switchesAnswer, updateCallUsLine, updateSwitches } from './service.ts';

const tags = ['agent'];

/** The console's settings pages (docs/agent.md "Settings"): admins only; every save is audited. */
export function settingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      agentSettingsPaths.switches,
      { config: { access: 'admin' }, schema: { tags, response: { 200: switchesResponseSchema, ...errorResponses } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return switchesAnswer(await currentSwitches(deps));
      },
    );

    app.put(
      agentSettingsPaths.switches,
      {
        config: { access: 'admin' },
        schema: { tags, body: masterSwitchesSchema, response: { 200: switchesResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const staff = requireStaff(request);
        const state = await updateSwitches(deps, staff.id, request.body);
        request.log.info({ switches: state.switches }, 'master switches changed');
        return switchesAnswer(state);
      },
    );

    app.get(
      agentSettingsPaths.callUs,
      {
        config: { access: 'admin' },
        schema: { tags, response: { 200: callUsLinesResponseSchema, ...errorResponses } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'SUCCESS' as const, lines: await callUsLines(deps.db) };
      },
    );

    app.put(
      agentSettingsPaths.callUsLine,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          params: callUsLineParamsSchema,
          body: callUsLineUpdateSchema,
          response: { 200: callUsLineResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const staff = requireStaff(request);
        const line = await updateCallUsLine(deps.db, staff.id, request.params.id, request.body.number);
        return { status: 'SUCCESS' as const, line };
      },
    );
  };
}
