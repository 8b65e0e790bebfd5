import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/toast';
import { i18n } from '../lib/i18n';
import { ArticleFlowProvider } from './article-flow';
import { SessionProvider } from './session-provider';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          <ToastProvider>
            <ArticleFlowProvider>{children}</ArticleFlowProvider>
          </ToastProvider>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
