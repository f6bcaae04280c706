import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import { FirstDataContext, type FirstData } from '../components/first-data';
import { LanguageReady } from '../lib/i18n/language-ready';

export function App({
  queryClient,
  router,
  firstData,
}: {
  queryClient: QueryClient;
  router: DataRouter;
  /** This page load's "first data is on screen" signal (./first-data.ts). */
  firstData: FirstData;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <FirstDataContext value={firstData}>
        {/* In the language it starts in (`<html lang dir>` with it), its words loaded first. */}
        <LanguageReady>
          <RouterProvider router={router} />
        </LanguageReady>
      </FirstDataContext>
    </QueryClientProvider>
  );
}
