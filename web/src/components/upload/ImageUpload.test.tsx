import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageUpload } from './ImageUpload.tsx';

/** The server call, replaced per test (calls are recorded; the widget and antd are real). */
const calls: unknown[][] = [];
let impl: (...a: unknown[]) => Promise<unknown> = () => new Promise(() => {});
const uploadFile = {
  mockResolvedValue: (v: unknown) => {
    impl = async () => v;
  },
  mockRejectedValue: (e: unknown) => {
    impl = async () => {
      throw e;
    };
  },
  mockImplementation: (f: (...a: unknown[]) => Promise<unknown>) => {
    impl = f;
  },
  mockReset: () => {
    calls.length = 0;
    impl = () => new Promise(() => {});
  },
};
vi.mock('./upload-api.ts', async (orig) => ({
  ...(await orig<typeof import('./upload-api.ts')>()),
  uploadFile: (...a: unknown[]) => {
    calls.push(a);
    return impl(...a);
  },
}));

function Harness({ initial = null as string | null, onChange = (_: string | null) => {} }) {
  const [v, setV] = useState<string | null>(initial);
  return (
    <AntApp>
      <ImageUpload
        rootPath="shop"
        value={v}
        onChange={(x) => {
          setV(x);
          onChange(x);
        }}
      />
    </AntApp>
  );
}

const input = (c: HTMLElement) => c.querySelector('input[type=file]') as HTMLInputElement;
const pngOf = (size: number, name = 'a.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('ImageUpload (spec §5)', () => {
  beforeEach(() => uploadFile.mockReset());

  it('accepts only the image types and warns "图片大小不能超过 5MB!" for 5 MB and more, without uploading', async () => {
    const { container } = render(<Harness />);
    expect(input(container).accept).toBe('.png,.jpg,.jpeg,.webp,.gif,.ico');
    fireEvent.change(input(container), { target: { files: [pngOf(5 * 1024 * 1024)] } });
    expect(await screen.findByText('图片大小不能超过 5MB!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses a non-image name', async () => {
    const { container } = render(<Harness />);
    fireEvent.change(input(container), { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(/只能上传 png、jpg、jpeg、webp、gif、ico 格式的图片/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('uploads under 5 MB to its root path, says 上传成功 and shows the image, which can be previewed and cleared', async () => {
    uploadFile.mockResolvedValue({ url: '/tmpl/uploads/shop/0123456789abcdef0123456789abcdef.png', type: 'image' });
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    fireEvent.change(input(container), { target: { files: [pngOf(5 * 1024 * 1024 - 1)] } });
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    expect(calls[0]).toEqual([expect.any(File), expect.objectContaining({ rootPath: 'shop', kind: 'image' })]);
    expect(onChange).toHaveBeenCalledWith('/tmpl/uploads/shop/0123456789abcdef0123456789abcdef.png');
    expect(screen.getByAltText('已上传图片')).toHaveAttribute(
      'src',
      '/tmpl/uploads/shop/0123456789abcdef0123456789abcdef.png',
    );

    fireEvent.click(screen.getByLabelText('预览图片'));
    const big = await screen.findByAltText('图片预览');
    expect(big).toHaveStyle({ maxWidth: '100%' });

    fireEvent.click(screen.getByLabelText('删除图片'));
    expect(onChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(screen.queryByAltText('已上传图片')).not.toBeInTheDocument());
  });

  it('says 上传失败 when the server refuses, and keeps the old image', async () => {
    uploadFile.mockRejectedValue(new Error('x'));
    const onChange = vi.fn();
    const { container } = render(<Harness initial="/tmpl/uploads/shop/old.png" onChange={onChange} />);
    fireEvent.change(input(container), { target: { files: [pngOf(10)] } });
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByAltText('已上传图片')).toHaveAttribute('src', '/tmpl/uploads/shop/old.png');
  });

  it('replaces an existing image', async () => {
    uploadFile.mockResolvedValue({ url: '/tmpl/uploads/shop/new.png', type: 'image' });
    const { container } = render(<Harness initial="/tmpl/uploads/shop/old.png" />);
    expect(screen.getByLabelText('更换图片')).toBeInTheDocument();
    fireEvent.change(input(container), { target: { files: [pngOf(10)] } });
    await waitFor(() => expect(screen.getByAltText('已上传图片')).toHaveAttribute('src', '/tmpl/uploads/shop/new.png'));
  });
});
