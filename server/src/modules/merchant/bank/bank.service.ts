/** What other modules use of the branch table: onboarding (jinjian) checks a 联行号 and takes the bank's names from it. */
export { branchByCode } from './bank.repo.ts';
