import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast';
import { ArticleFlowProvider } from './article-flow';
import { SessionProvider } from './session-provider';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>
          <ArticleFlowProvider>{children}</ArticleFlowProvider>
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
