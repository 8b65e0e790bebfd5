import {
  agentSettingsPaths,
  type CallUsLine,
  type ChatConfigResponse,
  type ChatRegion,
  type ChatRegionConfig,
  chatAvailabilityPaths,
  type MasterSwitches,
  type SwitchesResponse,
} from '@selfserve/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/get-session';

const root = ['agent', 'settings'] as const;

export function useSwitches() {
  return useQuery({
    queryKey: [...root, 'switches'],
    queryFn: ({ signal }) => api.get<SwitchesResponse>(agentSettingsPaths.switches, { signal }),
  });
}

export function useSaveSwitches() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (next: MasterSwitches) => api.put<SwitchesResponse>(agentSettingsPaths.switches, next),
    onSuccess: (answer) => {
      client.setQueryData([...root, 'switches'], answer);
      // The admin's own pages follow the switches too.
      void client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export function useChatConfig() {
  return useQuery({
    queryKey: [...root, 'chat'],
    queryFn: ({ signal }) => api.get<ChatConfigResponse>(chatAvailabilityPaths.config, { signal }),
  });
}

export function useSaveChatRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { region: ChatRegion; config: ChatRegionConfig }) =>
      api.put<ChatConfigResponse>(chatAvailabilityPaths.config, { regions: { [v.region]: v.config } }),
    onSuccess: (answer) => client.setQueryData([...root, 'chat'], answer),
  });
}

export function useCallUsLines() {
  return useQuery({
    queryKey: [...root, 'call-us'],
    queryFn: ({ signal }) => api.get<{ lines: CallUsLine[] }>(agentSettingsPaths.callUs, { signal }),
  });
}

export function useSaveCallUsLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; number: string }) =>
      api.put<{ line: CallUsLine }>(agentSettingsPaths.callUsLine.replace(':id', encodeURIComponent(v.id)), {
        number: v.number,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, 'call-us'] }),
  });
}
