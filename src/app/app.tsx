import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import { FirstDataContext, type FirstData } from '../components/first-data';

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
        <RouterProvider router={router} />
      </FirstDataContext>
    </QueryClientProvider>
  );
}
