import type { AgentMe } from '@selfserve/contract';
import { useOutletContext } from 'react-router';

/** The staff member a console page works for (role and queue), as the agent layout loaded it. */
export function useAgent(): AgentMe {
  return useOutletContext<AgentMe>();
}
