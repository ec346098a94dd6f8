// The branch lookup is shared with the finance card binding: it lives in components/bank.
export { BranchSelect, type BranchSelectProps } from '../../../../components/bank/BranchSelect.tsx';
