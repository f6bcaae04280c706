import { useQuery } from '@tanstack/react-query';
import { projectQueries } from '../../projects';

/**
 * The project filter's suggestions: the account's projects, searched through the API. They cost
 * a request, so they load (code and data) once someone uses the field, never with the first rows.
 */
export function ProjectSuggestions({ id, search }: { id: string; search: string }) {
  const projects = useQuery(
    projectQueries.list({ search: search || undefined, perPage: 100, sortBy: 'project', sort: 'asc' }),
  );
  return (
    <datalist id={id}>
      {(projects.data?.items ?? []).map(({ name }) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
