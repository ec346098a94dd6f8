export { WeeklyHoursEditor } from './WeeklyHoursEditor.tsx';
export { DEFAULT_WEEK, dayProblem, HALF_HOURS, rangesText, weekProblem } from './weekly-hours.ts';
export { WeeklyHoursView } from './WeeklyHoursView.tsx';
