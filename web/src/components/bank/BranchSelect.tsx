import { bankApi } from '@jz/contracts/api/bank';
import type { BankBranch } from '@jz/contracts/bank';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { callContract } from '../../lib/contract-client.ts';

/** Query keys of the branch lookup (reference data, shared by 用户进件 and 绑定银行卡). */
export const bankKeys = { branches: ['bank', 'branches'] as const };

/** GET huifu/bank/findYinhanghao: branches of a bank matching a keyword. */
const searchBranches = (bankName: string | undefined, keyword: string) =>
  callContract(bankApi.search, { query: { pageNum: 1, pageSize: 30, bankName, keyword } }, { quiet: true });

/** GET huifu/bank/findByYinhanghao: one branch by its 联行号. */
const branchByCode = (code: string) =>
  callContract(bankApi.byCode, { query: { code } }, { quiet: true, silentError: true });

export interface BranchSelectProps {
  /** The chosen 联行号. */
  value?: string;
  onChange?: (code: string | undefined, branch?: BankBranch) => void;
  /** Narrows the search to one bank. */
  bankName?: string;
  id?: string;
}

const labelOf = (b: BankBranch) => `${b.branchName}（${b.code}）`;

/**
 * 开户支行: a searchable select over findYinhanghao (by branch name, city or 联行号, within the chosen bank). The value
 * is the 12-digit 联行号; a value restored from a draft is shown through findByYinhanghao. Used by the onboarding's
 * settlement account and the finance card binding.
 */
export function BranchSelect({ value, onChange, bankName, id }: BranchSelectProps) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(t);
  }, [typed]);

  const list = useQuery({
    queryKey: [...bankKeys.branches, bankName ?? '', keyword],
    queryFn: () => searchBranches(bankName, keyword),
    staleTime: 60_000,
  });
  const records = list.data?.records ?? [];
  const missing = !!value && !records.some((r) => r.code === value);
  const chosen = useQuery({
    queryKey: [...bankKeys.branches, 'code', value],
    queryFn: () => branchByCode(value!),
    enabled: missing,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const options = [...(missing && chosen.data ? [chosen.data] : []), ...records];

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      value={value}
      placeholder={bankName ? `搜索${bankName}的支行名称、城市或联行号` : '先选择开户银行，再搜索支行'}
      notFoundContent={list.isFetching ? <Spin size="small" /> : '没有匹配的支行'}
      options={options.map((b) => ({ value: b.code, label: labelOf(b) }))}
      onChange={(code?: string) =>
        onChange?.(
          code,
          options.find((b) => b.code === code),
        )
      }
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
