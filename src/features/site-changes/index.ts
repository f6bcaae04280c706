/**
 * A site over time: what changed on a project between two dates (its page, lazy with its route)
 * and the health chart that the project page and the overview show.
 */
export { ChangesPage } from './changes-page';
export { HealthChart } from './health-chart';
export { TimelineNotesEditor } from './timeline-notes';
