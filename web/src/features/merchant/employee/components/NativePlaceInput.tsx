import type { RegionNode } from '@jz/contracts/region';
import {
  RegionCascader,
  type RegionCascaderProps,
  useRegionTree,
} from '../../../../components/region/RegionCascader.tsx';

/** "山西省/运城市" -> the codes along that path in the region tree (names are what the employee record keeps). */
function codesOf(tree: RegionNode[] | undefined, text: string | undefined) {
  const out: string[] = [];
  let level = tree;
  for (const name of (text ?? '').split('/').filter(Boolean)) {
    const n = level?.find((x) => x.name === name);
    if (!n) break;
    out.push(n.code);
    level = n.children;
  }
  return out;
}

/** 籍贯: the shared region cascader (province, city or district), stored as names joined with "/". */
export function NativePlaceInput(props: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const { data } = useRegionTree();
  // Form.Item's id goes on to the cascader's search input, so the 籍贯 <label for> names it (screen readers, axe).
  const cascader: RegionCascaderProps & { id?: string } = {
    id: props.id,
    width: '100%',
    changeOnSelect: true,
    placeholder: '请选择省/市（可选到区县）',
    value: codesOf(data, props.value),
    onChange: (_codes, names) => props.onChange?.(names.join('/')),
  };
  return <RegionCascader {...cascader} />;
}
