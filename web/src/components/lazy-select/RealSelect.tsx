import { Select, type SelectProps } from 'antd';

/** antd's Select, opened with the focus in it: it replaces LazySelect's face on the click that asked for it. */
export function RealSelect(props: SelectProps) {
  return <Select defaultOpen autoFocus {...props} />;
}

/** antd's Select as it is (DeferredSelect's, once loaded): from this module, so that every lazy select shares one chunk. */
export function PlainSelect(props: SelectProps) {
  return <Select {...props} />;
}
