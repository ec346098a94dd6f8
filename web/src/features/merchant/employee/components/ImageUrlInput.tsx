import { isImageRef } from '@jz/contracts/employee';
import { Image, Input, Space } from 'antd';

/**
 * An image given by its address (uploaded file path or https URL), with a preview. Stands in for the shared upload
 * widget (web/src/components/upload), which was not committed yet when this form was built.
 */
export function ImageUrlInput(props: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  placeholder?: string;
}) {
  return (
    <Space align="start">
      <Input
        id={props.id}
        value={props.value}
        allowClear
        maxLength={20000}
        style={{ width: 360 }}
        placeholder={props.placeholder ?? '图片地址，如 /uploads/xxx.png 或 https://…'}
        onChange={(e) => props.onChange?.(e.target.value)}
      />
      {props.value && isImageRef(props.value) && (
        <Image src={props.value} width={48} height={32} style={{ objectFit: 'cover' }} alt="预览" />
      )}
    </Space>
  );
}
