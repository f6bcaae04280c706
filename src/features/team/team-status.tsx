import './team.css';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { paths } from '../../lib/paths';
import { useTeamStatus, type TeamStatus } from '../workspace';
import { teamCatalog } from './catalog';
import { teamStatusWords } from './team-words';

/** The team's status in the shell, once a team is set on this device: a link to its settings. */
export function TeamStatusBadge() {
  const status = useTeamStatus();
  // Its words are fetched (in a language other than English) only once there is a team to show.
  return status.kind === 'alone' ? null : <TeamStatusLink status={status} />;
}

function TeamStatusLink({ status }: { status: TeamStatus }) {
  useCatalog(teamCatalog);
  const { t } = useLingui();
  const words = teamStatusWords(status);
  if (!words) return null;
  return (
    <Link to={paths.settings.getHref()} className={`team-status team-status--${status.kind}`} title={t(words.full)}>
      {t(words.short)}
    </Link>
  );
}
