import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { projectPagesCatalog } from '../catalog';
import { useQuery } from '@tanstack/react-query';
import { lazyPart, useLazyDialog } from '../../../components/lazy-part';
import { paths } from '../../../lib/paths';
import { forgetProject } from '../../audit';
import { reportQueries } from '../../reports';
import { useProjectOfPart } from '../project-view';

/** Its code (the delete, its outcome words, the dialog) loads on the first ask: rarely used. */
const DeleteProjectDialog = lazyPart(
  async () => (await import('../components/delete-project-dialog')).DeleteProjectDialog,
);

/** The project itself: deleting it, apart from everything else, since it cannot be undone. */
export function SettingsPart() {
  useCatalog(projectPagesCatalog);
  const { t } = useLingui();
  const project = useProjectOfPart();
  const navigate = useNavigate();
  const deleteDialog = useLazyDialog(DeleteProjectDialog);
  const total = useQuery(reportQueries.count(project)).data;
  return (
    <section className="project-section" aria-labelledby="project-manage-title">
      <h2 id="project-manage-title">{t`Manage project`}</h2>
      <p>{t`Deleting the project deletes every one of its reports. It cannot be undone.`}</p>
      <button type="button" className="button button--danger" {...deleteDialog.trigger}>
        {t`Delete project`}
      </button>
      {deleteDialog.asked ? (
        <DeleteProjectDialog
          name={project}
          reportCount={total ?? null}
          open={deleteDialog.open}
          onClose={deleteDialog.close}
          onDeleted={() => {
            void forgetProject(project);
            void navigate(paths.projects.getHref());
          }}
        />
      ) : null}
    </section>
  );
}
