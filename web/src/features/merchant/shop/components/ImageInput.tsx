import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Image, Input, Space } from 'antd';

const previewable = (v?: string) => !!v && /^(https?:\/\/|\/|data:image\/)\S+$/.test(v);

/**
 * An image given by its address (an uploaded file's path or an https URL), with a preview. Stands in for the shared
 * upload widget (web/src/components/upload), not committed when these forms were built.
 */
export function ImageInput(props: {
  id?: string;
  value?: string | null;
  onChange?: (v: string) => void;
  placeholder?: string;
  width?: number;
}) {
  const v = props.value ?? '';
  return (
    <Space align="start">
      <Input
        id={props.id}
        value={v.startsWith('data:') ? '（内置示例图片）' : v}
        disabled={v.startsWith('data:')}
        allowClear
        maxLength={500}
        style={{ width: props.width ?? 380 }}
        placeholder={props.placeholder ?? '图片地址，如 /uploads/xxx.png 或 https://…'}
        onChange={(e) => props.onChange?.(e.target.value)}
      />
      {v.startsWith('data:') && (
        <Button icon={<DeleteOutlined />} aria-label="清除图片" onClick={() => props.onChange?.('')} />
      )}
      {previewable(v) && (
        <Image src={v} width={64} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} alt="预览" />
      )}
    </Space>
  );
}

/** Up to `max` images, one address each. */
export function ImageListInput(props: {
  id?: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  max?: number;
}) {
  const list = props.value ?? [];
  const max = props.max ?? 9;
  const set = (next: string[]) => props.onChange?.(next);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {list.map((url, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity of an unsaved row
        <Space key={i} align="start">
          <ImageInput
            id={i === 0 ? props.id : undefined}
            value={url}
            onChange={(v) => set(list.map((u, j) => (j === i ? v : u)))}
            width={340}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={`删除第 ${i + 1} 张`}
            onClick={() => set(list.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      {list.length < max && (
        <Button
          id={list.length === 0 ? props.id : undefined}
          icon={<PlusOutlined />}
          onClick={() => set([...list, ''])}
        >
          添加图片（{list.length}/{max}）
        </Button>
      )}
    </Space>
  );
}
