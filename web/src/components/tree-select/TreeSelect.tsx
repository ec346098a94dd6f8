import { TreeSelect as AntTreeSelect, type TreeSelectProps as AntTreeSelectProps } from 'antd';

export type TreeSelectProps = AntTreeSelectProps & {
  /** Width of the control in px (docs/spec-notes.md#constants default 350). */
  width?: number | string;
  /** Height of the drop-down list in px (docs/spec-notes.md#constants default 250). */
  height?: number;
};

/**
 * Tree select with the console's defaults (docs/spec-notes.md#constants): 350 px wide, a 250 px drop-down, searchable by title,
 * clearable, all nodes expanded. Every antd TreeSelect prop passes through.
 */
export function TreeSelect({ width = 350, height = 250, style, ...rest }: TreeSelectProps) {
  return (
    <AntTreeSelect
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      placeholder="请选择"
      listHeight={height}
      {...rest}
      style={{ width, ...style }}
    />
  );
}
