import type { InitPc } from '@jz/contracts/auth';
import type { SearchField } from './SearchForm.tsx';

/**
 * The 店铺 filter of the merchant lists (orders, 验券, reviews, employees, courier orders): empty means the current
 * shop (named in the placeholder), `all` every shop of the caller, or one shop. The server checks the id is the
 * caller's (2002 otherwise).
 */
export function shopSearchField(init: InitPc | undefined): SearchField {
  return {
    name: 'shopId',
    label: '店铺',
    type: 'select',
    width: 240,
    placeholder: `当前店铺${init?.curDianpu ? `（${init.curDianpu.name}）` : ''}`,
    options: [
      { label: '全部店铺', value: 'all' },
      ...(init?.allDianpu ?? []).map((s) => ({ label: s.name, value: s.id })),
    ],
  };
}
