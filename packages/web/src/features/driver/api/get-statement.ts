import { driverPaths, type InvoiceResponse } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';

export const statementQueryKey = (userId: string, id: string) => ['driver', 'statement', userId, id] as const;

export function getStatement(id: string, signal?: AbortSignal): Promise<InvoiceResponse> {
  return api.get<InvoiceResponse>(driverPaths.invoice, { query: { id }, ...(signal ? { signal } : {}) });
}

/** Where the browser downloads the statement's PDF (the session cookie goes along; a plain link, no script). */
export const statementPdfHref = (id: string) => withQuery(driverPaths.invoice, { id, format: 'pdf' });

export const statementQueryOptions = (userId: string, id: string) =>
  queryOptions({
    queryKey: statementQueryKey(userId, id),
    queryFn: ({ signal }) => getStatement(id, signal),
    staleTime: 5 * 60_000,
  });

/** The earning statement of one ride (its ledger id: the card's id). */
export function useStatement(userId: string | null | undefined, id: string | null | undefined) {
  return useQuery({ ...statementQueryOptions(userId ?? '', id ?? ''), enabled: Boolean(userId && id) });
}
