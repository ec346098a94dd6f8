import { Card, Col, Form, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { IconSelect } from '../../../../components/icon-picker/IconPicker.tsx';
import { PolygonMap } from '../../../../components/map/PolygonMap.tsx';
import { RegionCascader, useRegionTree } from '../../../../components/region/RegionCascader.tsx';
import { TagInput } from '../../../../components/tag-input/TagInput.tsx';
import { TreeSelect } from '../../../../components/tree-select/TreeSelect.tsx';
import { ACCEPT } from '../../../../components/upload/file-rules.ts';
import { FileUpload } from '../../../../components/upload/FileUpload.tsx';
import { ImageUpload } from '../../../../components/upload/ImageUpload.tsx';

/**
 * 组件示例: every shared widget bound to one form, against the real server (uploads land in the resource library
 * under sys/demo). Developers see how each behaves; the e2e suite drives them here.
 */
export default function WidgetsPage() {
  const [form] = Form.useForm();
  const values = Form.useWatch([], form);
  const { data: regions } = useRegionTree();
  // Province > city as a tree, to show the tree select on real data.
  const cityTree = useMemo(
    () =>
      (regions ?? []).map((p) => ({
        title: p.name,
        value: p.code,
        children: (p.children ?? []).map((c) => ({ title: c.name, value: c.code })),
      })),
    [regions],
  );
  return (
    <Row gutter={16}>
      <Col span={15}>
        <Card className="jz-card" variant="borderless" title="组件示例">
          <Form
            form={form}
            name="widgets-demo"
            labelCol={{ span: 4 }}
            initialValues={{ tags: ['保洁', '家电清洗'], area: [] }}
          >
            <Form.Item label="单图上传" name="logo" extra="png/jpg/jpeg/webp/gif/ico，小于 5MB">
              <ImageUpload rootPath="sys/demo" />
            </Form.Item>
            <Form.Item label="文件上传" name="files" extra="图片或 PDF，单个不超过 10m，最多 3 个">
              <FileUpload
                rootPath="sys/demo"
                accept={`${ACCEPT.image},${ACCEPT.pdf}`}
                maxSize="10m"
                limit={3}
                listType="text"
              />
            </Form.Item>
            <Form.Item label="标签" name="tags">
              <TagInput />
            </Form.Item>
            <Form.Item label="所在城市" name="city">
              <TreeSelect treeData={cityTree} placeholder="请选择城市" aria-label="所在城市" />
            </Form.Item>
            <Form.Item label="省市区" name="region">
              <RegionCascader />
            </Form.Item>
            <Form.Item label="图标" name="icon">
              <IconSelect />
            </Form.Item>
            <Form.Item label="服务区域" name="area">
              <PolygonMap height={360} />
            </Form.Item>
          </Form>
        </Card>
      </Col>
      <Col span={9}>
        <Card className="jz-card" variant="borderless" title="表单值">
          <Typography.Paragraph>
            <pre
              data-testid="widget-values"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, maxHeight: 640, overflow: 'auto' }}
            >
              {JSON.stringify(values ?? {}, null, 2)}
            </pre>
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
