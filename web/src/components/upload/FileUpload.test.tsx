import { parseSize } from '@jz/contracts/upload';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accepts, isImageName, sizeProblem } from './file-rules.ts';
import { FileUpload, type FileUploadProps } from './FileUpload.tsx';

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

function Harness(props: Partial<FileUploadProps> & { onValue?: (v: string[]) => void }) {
  const [v, setV] = useState<string[]>(props.value ?? []);
  return (
    <AntApp>
      <FileUpload
        rootPath="goods"
        {...props}
        value={v}
        onChange={(x) => {
          setV(x);
          props.onValue?.(x);
        }}
      />
    </AntApp>
  );
}
const input = (c: HTMLElement) => c.querySelector('input[type=file]') as HTMLInputElement;
const fileOf = (size: number, name: string, type = 'image/png') => new File([new Uint8Array(size)], name, { type });

describe('size rules (spec §5: kb, m, g)', () => {
  it('parses units', () => {
    expect(parseSize('5m')).toBe(5 * 1024 * 1024);
    expect(parseSize('500kb')).toBe(500 * 1024);
    expect(parseSize('1g')).toBe(1024 ** 3);
    expect(parseSize('1.5M')).toBe(1.5 * 1024 * 1024);
    expect(parseSize('2048')).toBe(2048);
    expect(parseSize('lots')).toBeUndefined();
  });
  it('words the warning with the limit as given', () => {
    expect(sizeProblem(5 * 1024 * 1024, '5m')).toBeUndefined();
    expect(sizeProblem(5 * 1024 * 1024 + 1, '5m')).toBe('文件大小不能超过 5m!');
    expect(sizeProblem(2049, '2kb')).toBe('文件大小不能超过 2kb!');
    expect(sizeProblem(2 * 1024 ** 3, '1g')).toBe('文件大小不能超过 1g!');
  });
  it('recognises the image types of spec §5 by name', () => {
    for (const n of ['a.png', 'a.jpg', 'a.jpeg', 'a.webp', 'a.gif', 'a.ico', 'A.PNG'])
      expect(accepts('.png,.jpg,.jpeg,.webp,.gif,.ico', { name: n })).toBe(true);
    for (const n of ['a.svg', 'a.bmp', 'a.pdf', 'png'])
      expect(accepts('.png,.jpg,.jpeg,.webp,.gif,.ico', { name: n })).toBe(false);
  });
});

describe('FileUpload', () => {
  beforeEach(() => uploadFile.mockReset());

  it('defaults: images only, 5m, one file', async () => {
    uploadFile.mockResolvedValue({ url: '/tmpl/uploads/goods/0123456789abcdef0123456789abcdef.png', name: 'a.png' });
    const onValue = vi.fn();
    const { container } = render(<Harness onValue={onValue} />);
    expect(input(container).accept).toBe('.png,.jpg,.jpeg,.webp,.gif,.ico');
    expect(input(container).multiple).toBe(false);

    fireEvent.change(input(container), { target: { files: [fileOf(5 * 1024 * 1024 + 1, 'big.png')] } });
    expect(await screen.findByText('文件大小不能超过 5m!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.change(input(container), { target: { files: [fileOf(10, 'doc.pdf', 'application/pdf')] } });
    expect(await screen.findByText(/文件格式不正确/)).toBeInTheDocument();

    fireEvent.change(input(container), { target: { files: [fileOf(10, 'a.png')] } });
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    expect(onValue).toHaveBeenCalledWith(['/tmpl/uploads/goods/0123456789abcdef0123456789abcdef.png']);
    // The limit of one is reached: the picker is gone.
    await waitFor(() => expect(screen.queryByText('上传文件')).not.toBeInTheDocument());
  });

  it('takes maxSize and accept, refuses beyond the limit, shows progress while uploading', async () => {
    let finish: (v: unknown) => void = () => {};
    uploadFile.mockImplementation((...args: unknown[]) => {
      const o = args[1] as { onProgress: (p: number) => void } | undefined;
      o?.onProgress(42);
      return new Promise((r) => {
        finish = r;
      });
    });
    const onValue = vi.fn();
    const { container } = render(<Harness accept=".pdf" maxSize="1kb" limit={2} onValue={onValue} />);
    expect(input(container).accept).toBe('.pdf');
    expect(input(container).multiple).toBe(true);
    fireEvent.change(input(container), { target: { files: [fileOf(1025, 'a.pdf', 'application/pdf')] } });
    expect(await screen.findByText('文件大小不能超过 1kb!')).toBeInTheDocument();

    fireEvent.change(input(container), {
      target: {
        files: [
          fileOf(10, 'a.pdf', 'application/pdf'),
          fileOf(10, 'b.pdf', 'application/pdf'),
          fileOf(10, 'c.pdf', 'application/pdf'),
        ],
      },
    });
    expect(await screen.findByText('最多只能上传 2 个文件！')).toBeInTheDocument();
    const bar = await screen.findAllByRole('progressbar');
    expect(bar[0]).toHaveAttribute('aria-valuenow', '42');
    finish({ url: '/tmpl/uploads/goods/0123456789abcdef0123456789abcdef.pdf', name: 'a.pdf' });
    await waitFor(() => expect(onValue).toHaveBeenCalled());
  });

  it('says 上传失败 with the server message and keeps the value', async () => {
    const { ApiError } = await import('../../lib/api-client.ts');
    uploadFile.mockRejectedValue(new ApiError(2001, '不支持的文件类型'));
    const onValue = vi.fn();
    const { container } = render(<Harness onValue={onValue} />);
    fireEvent.change(input(container), { target: { files: [fileOf(10, 'a.png')] } });
    expect(await screen.findByText('上传失败：不支持的文件类型')).toBeInTheDocument();
    expect(onValue).not.toHaveBeenCalled();
  });

  it('lists stored files and removes one', async () => {
    const onValue = vi.fn();
    render(
      <Harness
        value={['/tmpl/uploads/goods/a.pdf', '/tmpl/uploads/goods/b.pdf']}
        accept=".pdf"
        limit={3}
        onValue={onValue}
      />,
    );
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    const removes = screen.getAllByRole('button', { name: /删除|remove/i });
    fireEvent.click(removes[0]);
    await waitFor(() => expect(onValue).toHaveBeenCalledWith(['/tmpl/uploads/goods/b.pdf']));
  });
  it('shows private files by their signed URL: the name without the signature, images as thumbnails', async () => {
    const onValue = vi.fn();
    const a = '/tmpl/files/feedback/0123456789abcdef0123456789abcdef.png?e=1795919100&m=1&s=abc-_x';
    const b = '/tmpl/files/feedback/fedcba9876543210fedcba9876543210.png?e=1795919100&m=1&s=def';
    const { container } = render(<Harness value={[a, b]} limit={6} onValue={onValue} />);
    expect(screen.getByText('0123456789abcdef0123456789abcdef.png')).toBeInTheDocument();
    expect(container.querySelector(`img[src="${a}"]`)).not.toBeNull();
    expect(isImageName(a)).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: /删除|remove/i })[0]);
    await waitFor(() => expect(onValue).toHaveBeenCalledWith([b]));
  });
});
