// The floor of the dashboard's stack: the least an app needs to show a list of rows with the same
// packages and APIs (react-dom/client, a react-router data router with a loader and links,
// TanStack Query's client and useQuery), and nothing else. `npm run size` builds it and weighs
// the dashboard's first paint against it. Never import the app's code here.
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';

interface Row {
  id: string;
  url: string;
}

const queryClient = new QueryClient();

const listQuery = (page: string) =>
  queryOptions({
    queryKey: ['rows', page],
    queryFn: async ({ signal }): Promise<Row[]> => {
      const response = await fetch(`/api/v1/reports?page=${encodeURIComponent(page)}`, { signal });
      const body = (await response.json()) as { data: Row[] };
      return body.data;
    },
  });

function pageOf(request: Request): string {
  return new URL(request.url).searchParams.get('page') ?? '1';
}

function Layout() {
  return (
    <>
      <nav>
        <Link to="/reports">Reports</Link> <Link to="/reports?page=2">Next</Link>
      </nav>
      <Outlet />
    </>
  );
}

function List() {
  const [searchParams] = useSearchParams();
  const page = searchParams.get('page') ?? '1';
  const { data } = useQuery(listQuery(page));
  return (
    <ul>
      {data?.map((row) => (
        <li key={row.id}>
          <Link to={`/reports/${row.id}`}>{row.url}</Link>
        </li>
      ))}
    </ul>
  );
}

function Detail() {
  const { id } = useParams();
  return <p>{id}</p>;
}

const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    children: [
      {
        path: 'reports',
        loader: ({ request }: LoaderFunctionArgs) => {
          void queryClient.prefetchQuery(listQuery(pageOf(request)));
          return null;
        },
        element: <List />,
      },
      { path: 'reports/:id', element: <Detail /> },
    ],
  },
]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
