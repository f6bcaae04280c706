import './team.css';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useTeamStatus } from '../workspace';
import { teamStatusWords } from './team-words';

/** The team's status in the shell, once a team is set on this device: a link to its settings. */
export function TeamStatusBadge() {
  const status = useTeamStatus();
  const words = teamStatusWords(status);
  if (!words) return null;
  return (
    <Link to={paths.settings.getHref()} className={`team-status team-status--${status.kind}`} title={words.full}>
      {words.short}
    </Link>
  );
}
