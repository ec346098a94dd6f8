// The branch lookup is shared with the finance card binding: it lives in components/bank (issue 24).
export { BranchSelect, type BranchSelectProps } from '../../../../components/bank/BranchSelect.tsx';
