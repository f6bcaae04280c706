import { memo, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { projectPartFromPathname, type ProjectPart } from '../../../lib/paths-from-address';

const PARTS: {
  part: ProjectPart;
  label: MessageDescriptor;
  href: (project: string, search?: URLSearchParams) => string;
}[] = [
  { part: 'issues', label: msg`Issues`, href: paths.project.getHref },
  { part: 'pages', label: msg`Pages`, href: paths.projectPages.getHref },
  { part: 'segments', label: msg`Segments`, href: paths.projectSegments.getHref },
  { part: 'watch', label: msg`Watch and plan`, href: paths.projectWatch.getHref },
  { part: 'settings', label: msg`Manage project`, href: paths.projectSettings.getHref },
];

const PARTS_ID = 'project-parts';

/**
 * The parts of a project's page, each at its own address: links in a navigation landmark, the
 * part on screen marked `aria-current="page"`. Going back to a part finds its view (its list's
 * filters, its page) as it was left; the segment in view goes along to every part.
 */
export const ProjectTabs = memo(function ProjectTabs({ project }: { project: string }) {
  const { t } = useLingui();
  const location = useLocation();
  const shown = projectPartFromPathname(location.pathname)?.part;
  // Each part's view as last seen on this page (the segment apart: the current one goes along).
  const [views, setViews] = useState<Partial<Record<ProjectPart, string>>>({});
  if (shown && views[shown] !== location.search) setViews({ ...views, [shown]: location.search });
  const segment = new URLSearchParams(location.search).get('segment');
  const hrefOf = (part: ProjectPart, href: (project: string, search?: URLSearchParams) => string) => {
    const search = new URLSearchParams(views[part]);
    if (segment === null) search.delete('segment');
    else search.set('segment', segment);
    // The part starts under the links: going to one shows it, the health a scroll above.
    return `${href(project, search)}#${PARTS_ID}`;
  };
  return (
    <nav id={PARTS_ID} className="project-tabs no-print" aria-label={t`Parts of the project`}>
      <ul className="project-tabs__list">
        {PARTS.map(({ part, label, href }) => (
          <li key={part}>
            <NavLink to={hrefOf(part, href)} className="project-tabs__link" end>
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});
